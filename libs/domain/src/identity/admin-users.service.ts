import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Pagination, Role } from '@kickback/contracts';
import { pagination, isoOrNull } from '@kickback/platform';
import { IdentityRepository } from './identity.repository';

export interface AdminUserRow {
  id: number;
  username: string;
  kick_username: string | null;
  role: Role;
  points: number;
  created_at: string;
  last_seen_at: string | null;
  /** Set while the member is banned (the reason is in the user detail). */
  banned_at: string | null;
}

/** The admin's user directory with balances (read-only; points change through the economy). */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: IdentityRepository,
  ) {}

  async list(search: string, page: number, perPage = 25): Promise<{ data: AdminUserRow[]; pagination: Pagination }> {
    const em = this.em.fork();
    const [total, rows] = await Promise.all([
      this.repository.directoryCount(em, search),
      this.repository.directoryPage(em, search, perPage, (page - 1) * perPage),
    ]);
    return {
      data: rows.map((r) => ({
        id: r.id,
        username: r.username,
        kick_username: r.kick_username,
        role: r.role,
        points: Number(r.points ?? 0),
        created_at: new Date(r.created_at).toISOString(),
        last_seen_at: isoOrNull(r.last_seen_at),
        banned_at: isoOrNull(r.banned_at),
      })),
      pagination: pagination(page, perPage, total),
    };
  }
}
