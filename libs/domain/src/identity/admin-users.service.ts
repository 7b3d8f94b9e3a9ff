import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Pagination, Role } from '@kickback/contracts';
import { pagination } from '@kickback/platform';

export interface AdminUserRow {
  id: number;
  username: string;
  kick_username: string | null;
  role: Role;
  points: number;
  created_at: string;
  last_seen_at: string | null;
}

/** The admin's user directory with balances (read-only; points change through the economy). */
@Injectable()
export class AdminUsersService {
  constructor(private readonly em: EntityManager) {}

  async list(search: string, page: number, perPage = 25): Promise<{ data: AdminUserRow[]; pagination: Pagination }> {
    const em = this.em.fork();
    const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const where = search ? 'where u.username ilike ? or u.kick_username ilike ?' : '';
    const params = search ? [like, like] : [];
    const [{ total }] = await em.execute<{ total: string }[]>(`select count(*)::text as total from users u ${where}`, params);
    const rows = await em.execute<
      {
        id: number;
        username: string;
        kick_username: string | null;
        role: Role;
        points: string | null;
        created_at: Date;
        last_seen_at: Date | null;
      }[]
    >(
      `select u.id, u.username, u.kick_username, u.role, w.balance::text as points, u.created_at, u.last_seen_at
       from users u left join wallets w on w.user_id = u.id ${where} order by u.id limit ? offset ?`,
      [...params, perPage, (page - 1) * perPage],
    );
    return {
      data: rows.map((r) => ({
        id: r.id,
        username: r.username,
        kick_username: r.kick_username,
        role: r.role,
        points: Number(r.points ?? 0),
        created_at: new Date(r.created_at).toISOString(),
        last_seen_at: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
      })),
      pagination: pagination(page, perPage, total),
    };
  }
}
