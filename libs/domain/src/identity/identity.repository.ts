import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@kickback/contracts';
import type { AdminUserRow } from './admin-users.service';

/** A member's settings columns as stored (the contract's user and settings are built from them, kick_connected derived). */
export interface SettingsRow {
  id: number;
  username: string;
  name: string;
  email: string | null;
  role: Role;
  avatar_url: string | null;
  kick_user_id: string | null;
  kick_username: string | null;
  bio: string;
  crypto: string | null;
  crypto2: string | null;
  crypto3: string | null;
  twitter_user: string | null;
  instagram_user: string | null;
  youtube_user: string | null;
  tiktok_user: string | null;
}

const SETTINGS_COLUMNS = `id, username, name, email, role, avatar_url, kick_user_id::text as kick_user_id, kick_username, bio,
  crypto, crypto2, crypto3, twitter_user, instagram_user, youtube_user, tiktok_user`;

/** An admin directory row as stored; timestamps and the balance are converted by the service. */
type DirectoryRow = Omit<AdminUserRow, 'points' | 'created_at' | 'last_seen_at'> & {
  points: string | null;
  created_at: Date;
  last_seen_at: Date | null;
};

const directoryFilter = (search: string) => {
  const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return search ? { where: 'where u.username ilike ? or u.kick_username ilike ?', params: [like, like] } : { where: '', params: [] };
};

/** The identity feature's SQL (users beside the User entity's unit of work). */
@Injectable()
export class IdentityRepository {
  async settings(em: EntityManager, userId: number): Promise<SettingsRow | undefined> {
    const [row] = await em.execute<SettingsRow[]>(`select ${SETTINGS_COLUMNS} from users where id = ?`, [userId]);
    return row;
  }

  /** `columns` come from the contract's fixed list of settings fields, never from the request. */
  async updateSettings(em: EntityManager, userId: number, changes: [column: string, value: unknown][]): Promise<SettingsRow | undefined> {
    const assignments = changes.map(([column]) => `${column} = ?`).join(', ');
    const [row] = await em.execute<SettingsRow[]>(
      `update users set ${assignments}, updated_at = now() where id = ? returning ${SETTINGS_COLUMNS}`,
      [...changes.map(([, value]) => value), userId],
    );
    return row;
  }

  async clearKickUsername(em: EntityManager, userId: number): Promise<SettingsRow | undefined> {
    const [row] = await em.execute<SettingsRow[]>(
      `update users set kick_username = null, updated_at = now() where id = ? returning ${SETTINGS_COLUMNS}`,
      [userId],
    );
    return row;
  }

  async roleOf(em: EntityManager, userId: number): Promise<Role | null> {
    const rows = await em.execute<{ role: Role }[]>('select role from users where id = ?', [userId]);
    return rows[0]?.role ?? null;
  }

  async applyLogin(em: EntityManager, userId: number, at: string): Promise<void> {
    await em.execute(
      'update users set login_count = login_count + 1, last_seen_at = greatest(coalesce(last_seen_at, ?::timestamptz), ?::timestamptz) where id = ?',
      [at, at, userId],
    );
  }

  async usernameTaken(em: EntityManager, username: string): Promise<boolean> {
    return (await em.execute('select 1 from users where lower(username) = lower(?)', [username])).length > 0;
  }

  async directoryCount(em: EntityManager, search: string): Promise<number> {
    const { where, params } = directoryFilter(search);
    const [{ total }] = await em.execute<{ total: string }[]>(`select count(*)::text as total from users u ${where}`, params);
    return Number(total);
  }

  /** Joins the wallet for the balance column of the admin's directory (the economy's table, read only). */
  directoryPage(em: EntityManager, search: string, limit: number, offset: number): Promise<DirectoryRow[]> {
    const { where, params } = directoryFilter(search);
    return em.execute<DirectoryRow[]>(
      `select u.id, u.username, u.kick_username, u.role, w.balance::text as points, u.created_at, u.last_seen_at
       from users u left join wallets w on w.user_id = u.id ${where} order by u.id limit ? offset ?`,
      [...params, limit, offset],
    );
  }
}
