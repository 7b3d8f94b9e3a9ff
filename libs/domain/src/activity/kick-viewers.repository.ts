import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ViewerFact } from './kick-viewer-facts';

/**
 * A newer value wins (the later arrival on a tie of Kick's second-precision timestamps); Kick does not promise order,
 * so a late message never overwrites a fresher state.
 */
const IF_NEWER = (at: string, column: string) =>
  `case when excluded.${at} >= coalesce(kick_viewers.${at}, '-infinity') then excluded.${column} else kick_viewers.${column} end`;

/** kick_viewers: what the channel's webhooks told us about each Kick account (raffle entry rules read it). */
@Injectable()
export class KickViewersRepository {
  /** Facts merged per account (mergeViewerFacts), written in one statement in account order. */
  async record(em: EntityManager, facts: ViewerFact[]): Promise<void> {
    if (!facts.length) return;
    await em.execute(
      `insert into kick_viewers (kick_user_id, followed_at, subscribed_at, subscribed_until, chat_subscriber, chat_seen_at)
       select f.kick_user_id, f.followed_at, f.subscribed_at, f.subscribed_until, f.chat_subscriber, f.chat_seen_at
       from jsonb_to_recordset(?::jsonb) as f(kick_user_id bigint, followed_at timestamptz, subscribed_at timestamptz,
         subscribed_until timestamptz, chat_subscriber boolean, chat_seen_at timestamptz)
       order by f.kick_user_id
       on conflict (kick_user_id) do update set
         followed_at = coalesce(least(kick_viewers.followed_at, excluded.followed_at), kick_viewers.followed_at, excluded.followed_at),
         subscribed_until = ${IF_NEWER('subscribed_at', 'subscribed_until')},
         subscribed_at = ${IF_NEWER('subscribed_at', 'subscribed_at')},
         chat_subscriber = ${IF_NEWER('chat_seen_at', 'chat_subscriber')},
         chat_seen_at = ${IF_NEWER('chat_seen_at', 'chat_seen_at')},
         updated_at = now()`,
      [JSON.stringify(facts)],
    );
  }

  /**
   * Records a ban or timeout (expiresAt null: permanent) and sets it on the linked member's row, which an entry holds
   * FOR SHARE: this update waits for entries in flight and later entries see it. A ban from before an admin cleared
   * the account's ban (a late delivery) changes nothing; Kick's times have whole seconds, so a ban in the clear's own
   * second counts (a ban is the safer reading). Answers whether it applied and the linked member's id.
   */
  async recordBan(
    em: EntityManager,
    ban: { kickUserId: number; at: Date; expiresAt: Date | null; reason: string | null },
  ): Promise<{ applied: boolean; userId: number | null }> {
    const applied = await em.execute(
      `insert into kick_viewers (kick_user_id, banned_at, ban_expires_at, ban_reason) values (?, ?, ?, ?)
       on conflict (kick_user_id) do update set banned_at = excluded.banned_at, ban_expires_at = excluded.ban_expires_at,
         ban_reason = excluded.ban_reason, updated_at = now()
       where (kick_viewers.banned_at is null or excluded.banned_at >= kick_viewers.banned_at)
         and excluded.banned_at >= date_trunc('second', coalesce(kick_viewers.ban_cleared_at, '-infinity'))
       returning 1`,
      [ban.kickUserId, ban.at, ban.expiresAt, ban.reason],
    );
    if (!applied.length) return { applied: false, userId: null };
    const [member] = await em.execute<{ id: number }[]>(
      `update users set kick_banned_until = coalesce(?::timestamptz, 'infinity'), updated_at = now() where kick_user_id = ? returning id`,
      [ban.expiresAt, ban.kickUserId],
    );
    return { applied: true, userId: member?.id ?? null };
  }

  /** The channel's facts about one member's Kick account, locking the member's row when asked (a clear). */
  async ofMember(em: EntityManager, userId: number, lock = false): Promise<MemberKickFacts | null> {
    const [row] = await em.execute<MemberKickFacts[]>(
      `select u.id as user_id, u.kick_user_id::float8 as kick_user_id,
              coalesce(u.kick_banned_until > now(), false) as member_ban_in_force,
              case when u.kick_banned_until = 'infinity' then null else u.kick_banned_until end as kick_banned_until,
              kv.banned_at, kv.ban_expires_at, kv.ban_reason, kv.ban_cleared_at, kv.followed_at
       from users u left join kick_viewers kv on kv.kick_user_id = u.kick_user_id
       where u.id = ? and u.deleted_at is null${lock ? ' for update of u' : ''}`,
      [userId],
    );
    return row ?? null;
  }

  /** Lifts the account's Kick ban here: the viewer row remembers when (late ban deliveries from before stay lifted). */
  async clearBan(em: EntityManager, userId: number, kickUserId: number): Promise<void> {
    await em.execute(
      `insert into kick_viewers (kick_user_id, ban_cleared_at) values (?, now())
       on conflict (kick_user_id) do update set banned_at = null, ban_expires_at = null, ban_reason = null,
         ban_cleared_at = now(), updated_at = now()`,
      [kickUserId],
    );
    await em.execute(`update users set kick_banned_until = null, updated_at = now() where id = ?`, [userId]);
  }

  /** Counts the account as a follower from now on, unless Kick already told us of a follow. */
  async markFollower(em: EntityManager, kickUserId: number): Promise<void> {
    await em.execute(
      `insert into kick_viewers (kick_user_id, followed_at) values (?, now())
       on conflict (kick_user_id) do update set followed_at = coalesce(kick_viewers.followed_at, now()), updated_at = now()`,
      [kickUserId],
    );
  }
}

export interface MemberKickFacts {
  user_id: number;
  kick_user_id: number | null;
  /** The ban set on the member's row (kick_banned_until) is in force. */
  member_ban_in_force: boolean;
  /** Its end; null when permanent or none. */
  kick_banned_until: Date | null;
  banned_at: Date | null;
  ban_expires_at: Date | null;
  ban_reason: string | null;
  ban_cleared_at: Date | null;
  followed_at: Date | null;
}
