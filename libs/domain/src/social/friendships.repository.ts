import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FriendItem, FriendRequestItem, FriendUser } from '@kickback/contracts';

export interface FriendshipRow {
  id: number;
  sender_id: number;
  receiver_id: number;
  status: 'pending' | 'accepted';
}

/** A member is visible to profiles and the friends feature unless banned or deleted. */
export const VISIBLE_USER = 'u.banned_at is null and u.deleted_at is null';

const FRIEND_USER_JSON = `json_build_object('id', u.id, 'username', u.username, 'display_name', u.name, 'kick_username', u.kick_username,
  'avatar_url', u.avatar_url, 'level', coalesce(x.level, 1))`;

const toRow = (r: { id: string; sender_id: number; receiver_id: number; status: 'pending' | 'accepted' }): FriendshipRow => ({
  id: Number(r.id),
  sender_id: r.sender_id,
  receiver_id: r.receiver_id,
  status: r.status,
});

/** Friendships: one row per unordered pair (unique index on least/greatest of the two ids). */
@Injectable()
export class FriendshipsRepository {
  async username(em: EntityManager, userId: number): Promise<string | null> {
    const [row] = await em.execute<{ username: string }[]>('select username from users where id = ?', [userId]);
    return row?.username ?? null;
  }

  async visibleUser(em: EntityManager, userId: number): Promise<boolean> {
    const rows = await em.execute(`select 1 from users u where u.id = ? and ${VISIBLE_USER}`, [userId]);
    return rows.length > 0;
  }

  /** Inserts a pending request unless the pair already has a row; waits for a concurrent insert of the same pair. */
  async insertPending(tx: EntityManager, senderId: number, receiverId: number): Promise<number | null> {
    const rows = await tx.execute<{ id: string }[]>(
      `insert into friendships (sender_id, receiver_id, status) values (?, ?, 'pending') on conflict do nothing returning id`,
      [senderId, receiverId],
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  async lockPair(tx: EntityManager, a: number, b: number): Promise<FriendshipRow | null> {
    const rows = await tx.execute<{ id: string; sender_id: number; receiver_id: number; status: 'pending' | 'accepted' }[]>(
      `select id, sender_id, receiver_id, status from friendships
       where least(sender_id, receiver_id) = least(?::int, ?::int) and greatest(sender_id, receiver_id) = greatest(?::int, ?::int)
       for update`,
      [a, b, a, b],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async lock(tx: EntityManager, id: number): Promise<FriendshipRow | null> {
    const rows = await tx.execute<{ id: string; sender_id: number; receiver_id: number; status: 'pending' | 'accepted' }[]>(
      'select id, sender_id, receiver_id, status from friendships where id = ? for update',
      [id],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async accept(tx: EntityManager, id: number): Promise<void> {
    await tx.execute(`update friendships set status = 'accepted', accepted_at = now() where id = ? and status = 'pending'`, [id]);
  }

  async delete(tx: EntityManager, id: number): Promise<void> {
    await tx.execute('delete from friendships where id = ?', [id]);
  }

  async pendingCount(em: EntityManager, userId: number): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from friendships f join users u on u.id = f.sender_id
       where f.receiver_id = ? and f.status = 'pending' and ${VISIBLE_USER}`,
      [userId],
    );
    return row!.n;
  }

  /** Members whose username, display name or Kick name contains the query, with the viewer's friendship row. */
  async search(em: EntityManager, viewerId: number, query: string, limit: number): Promise<(FriendUser & { f: FriendshipRow | null })[]> {
    const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await em.execute<
      (FriendUser & { f_id: string | null; f_sender: number | null; f_receiver: number | null; f_status: 'pending' | 'accepted' | null })[]
    >(
      `select u.id, u.username, u.name as display_name, u.kick_username, u.avatar_url, coalesce(x.level, 1) as level,
              f.id as f_id, f.sender_id as f_sender, f.receiver_id as f_receiver, f.status as f_status
       from users u
       left join member_xp x on x.user_id = u.id
       left join friendships f on least(f.sender_id, f.receiver_id) = least(u.id, ?::int)
                              and greatest(f.sender_id, f.receiver_id) = greatest(u.id, ?::int)
       where u.id <> ? and ${VISIBLE_USER}
         and (u.username ilike ? or u.name ilike ? or u.kick_username ilike ?)
       order by (lower(u.username) = lower(?)) desc, length(u.username), u.username
       limit ?`,
      [viewerId, viewerId, viewerId, like, like, like, query, limit],
    );
    return rows.map(({ f_id, f_sender, f_receiver, f_status, ...user }) => ({
      ...user,
      f: f_id === null ? null : { id: Number(f_id), sender_id: f_sender!, receiver_id: f_receiver!, status: f_status! },
    }));
  }

  /** Friends both members have (accepted on both sides), visible ones only. */
  async mutual(em: EntityManager, a: number, b: number): Promise<FriendUser[]> {
    return em.execute<FriendUser[]>(
      `with fa as (select case when sender_id = ? then receiver_id else sender_id end as id from friendships
                   where status = 'accepted' and ? in (sender_id, receiver_id)),
            fb as (select case when sender_id = ? then receiver_id else sender_id end as id from friendships
                   where status = 'accepted' and ? in (sender_id, receiver_id))
       select u.id, u.username, u.name as display_name, u.kick_username, u.avatar_url, coalesce(x.level, 1) as level
       from fa join fb on fb.id = fa.id join users u on u.id = fa.id left join member_xp x on x.user_id = u.id
       where ${VISIBLE_USER} order by lower(u.username)`,
      [a, a, b, b],
    );
  }

  /** The navigation menu in one statement: incoming and outgoing requests and friends. */
  async menu(
    em: EntityManager,
    userId: number,
  ): Promise<{ incoming: FriendRequestItem[]; outgoing: FriendRequestItem[]; friends: FriendItem[] }> {
    const rows = await em.execute<{ kind: 'incoming' | 'outgoing' | 'friend'; friendship_id: string; user: FriendUser; at: Date }[]>(
      `select case when f.status = 'accepted' then 'friend' when f.receiver_id = ? then 'incoming' else 'outgoing' end as kind,
              f.id as friendship_id, ${FRIEND_USER_JSON} as user, coalesce(f.accepted_at, f.created_at) as at
       from friendships f
       join users u on u.id = case when f.sender_id = ? then f.receiver_id else f.sender_id end
       left join member_xp x on x.user_id = u.id
       where ? in (f.sender_id, f.receiver_id) and ${VISIBLE_USER}
       order by at desc, f.id desc`,
      [userId, userId, userId],
    );
    const menu = { incoming: [] as FriendRequestItem[], outgoing: [] as FriendRequestItem[], friends: [] as FriendItem[] };
    for (const r of rows) {
      const at = new Date(r.at).toISOString();
      if (r.kind === 'friend') menu.friends.push({ friendship_id: Number(r.friendship_id), user: r.user, since: at });
      else menu[r.kind].push({ friendship_id: Number(r.friendship_id), user: r.user, created_at: at });
    }
    return menu;
  }
}
