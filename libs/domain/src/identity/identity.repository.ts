import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser, MemberSettings, Role } from '@kickback/contracts';
import type { AdminUserRow } from './admin-users.service';

/** A member's settings columns as stored (the contract's user and settings are built from them, kick_connected derived). */
export type SettingsRow = CurrentUser & Omit<MemberSettings, 'kick_connected'> & { kick_user_id: string | null };

const SETTINGS_COLUMNS = `id, username, name, email, role, avatar_url, kick_user_id::text as kick_user_id, kick_username, bio,
  crypto, crypto2, crypto3, twitter_user, instagram_user, youtube_user, tiktok_user`;

/** An admin directory row as stored; timestamps and the balance are converted by the service. */
type DirectoryRow = Omit<AdminUserRow, 'points' | 'created_at' | 'last_seen_at' | 'banned_at'> & {
  points: string | null;
  created_at: Date;
  last_seen_at: Date | null;
  banned_at: Date | null;
};

const directoryFilter = (search: string) => {
  const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return search ? { where: 'where u.username ilike ? or u.kick_username ilike ?', params: [like, like] } : { where: '', params: [] };
};

/** A member as the admin's user detail reads it; the service turns timestamps into ISO text. */
export interface MemberStandingRow {
  id: number;
  username: string;
  kick_username: string | null;
  role: Role;
  banned_at: Date | null;
  ban_reason: string | null;
  created_at: Date;
  last_seen_at: Date | null;
}

const STANDING_COLUMNS = 'id, username, kick_username, role, banned_at, ban_reason, created_at, last_seen_at';

/** The identity feature's SQL (users beside the User entity's unit of work). */
@Injectable()
export class IdentityRepository {
  async anyUser(em: EntityManager): Promise<boolean> {
    const [row] = await em.execute<{ found: boolean }[]>('select exists (select 1 from users) as found');
    return row!.found;
  }

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

  /** The role and whether the account may act at all (null: no such account). */
  async access(em: EntityManager, userId: number): Promise<{ role: Role; banned: boolean } | null> {
    const [row] = await em.execute<{ role: Role; banned: boolean }[]>(
      // A deleted account is gone for every guard and socket, though its pseudonymised row stays.
      'select role, banned_at is not null as banned from users where id = ? and deleted_at is null',
      [userId],
    );
    return row ?? null;
  }

  async standing(em: EntityManager, userId: number, lock = false): Promise<MemberStandingRow | undefined> {
    const [row] = await em.execute<MemberStandingRow[]>(`select ${STANDING_COLUMNS} from users where id = ?${lock ? ' for update' : ''}`, [
      userId,
    ]);
    return row;
  }

  /**
   * Locks every Admin row (in id order, so two callers never deadlock) and returns their ids: while the
   * transaction holds them no other demotion can run, so two admins demoting each other leave one Admin.
   */
  async lockAdmins(em: EntityManager): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>("select id from users where role = 'Admin' order by id for update");
    return rows.map((r) => r.id);
  }

  async setRole(em: EntityManager, userId: number, role: Role): Promise<MemberStandingRow> {
    const [row] = await em.execute<MemberStandingRow[]>(
      `update users set role = ?, updated_at = now() where id = ? returning ${STANDING_COLUMNS}`,
      [role, userId],
    );
    return row!;
  }

  async ban(em: EntityManager, userId: number, actorId: number, reason: string): Promise<MemberStandingRow> {
    const [row] = await em.execute<MemberStandingRow[]>(
      `update users set banned_at = now(), ban_reason = ?, banned_by = ?, updated_at = now() where id = ? returning ${STANDING_COLUMNS}`,
      [reason, actorId, userId],
    );
    return row!;
  }

  async unban(em: EntityManager, userId: number): Promise<MemberStandingRow> {
    const [row] = await em.execute<MemberStandingRow[]>(
      `update users set banned_at = null, ban_reason = null, banned_by = null, updated_at = now() where id = ? returning ${STANDING_COLUMNS}`,
      [userId],
    );
    return row!;
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
      `select u.id, u.username, u.kick_username, u.role, w.balance::text as points, u.created_at, u.last_seen_at, u.banned_at
       from users u left join wallets w on w.user_id = u.id ${where} order by u.id limit ? offset ?`,
      [...params, limit, offset],
    );
  }
}
