import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RaffleEntryRules } from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';
import type { EligibilityFacts } from './raffle-eligibility';

/** A Kick moderation ban in force on the viewer row kv. */
const KICK_BAN_IN_FORCE = `kv.banned_at is not null and coalesce(kv.ban_expires_at, 'infinity') > now()`;

/**
 * Neither banned on the site nor in the Kick chat (member aliased u). The users columns are what an entry statement
 * holding the row FOR SHARE re-checks after waiting for a ban (see RaffleEntryService); kick_viewers covers a ban
 * recorded before the account was linked.
 */
export const MEMBER_NOT_BANNED_SQL = `u.banned_at is null and coalesce(u.kick_banned_until, '-infinity') <= now()
  and not exists (select 1 from kick_viewers kv where kv.kick_user_id = u.kick_user_id and ${KICK_BAN_IN_FORCE})`;

/**
 * A subscriber now: whichever Kick told us last, the subscriber badge on their newest chat message (trusted for a
 * month, a subscription's length) or a subscription event (until its expiry).
 */
const SUBSCRIBER = `case when kv.chat_seen_at > coalesce(kv.subscribed_at, '-infinity')
    then kv.chat_subscriber and kv.chat_seen_at > now() - interval '31 days'
    else coalesce(kv.subscribed_until > now(), false) end`;

/** The stream "the current stream" means: the live one, else the last one. */
const CURRENT_STREAM = `(select coalesce(l.stream_id, (select max(id) from activity_streams)) from activity_live_state l)`;

/** The facts the entry rules read, one member at a time; run after lockMember in the same transaction. */
@Injectable()
export class RaffleEligibilityRepository {
  /**
   * Holds the member's row FOR SHARE until the caller's transaction ends: a ban (site or Kick) updates that row, so it
   * waits for an entry in flight and then voids it, or the entry waits for the ban and then sees it.
   */
  async lockMember(em: EntityManager, userId: number): Promise<void> {
    await em.execute('select 1 from users where id = ? for share', [userId]);
  }

  async facts(em: EntityManager, userId: number, rules: RaffleEntryRules | null): Promise<EligibilityFacts> {
    const [row] = await this.factsOf(em, [userId], rules);
    return row!;
  }

  /** The same facts for many members in one statement (the rules applied to a raffle's entrants before its draw). */
  async factsOf(em: EntityManager, userIds: number[], rules: RaffleEntryRules | null): Promise<(EligibilityFacts & { user_id: number })[]> {
    if (!userIds.length) return [];
    const days = rules?.activity_days ?? null;
    const window = days === null ? `a.stream_id = ${CURRENT_STREAM}` : `a.created_at > now() - make_interval(days => ${Number(days)})`;
    const winnersDays = rules?.exclude_winners_days ?? 0;
    return em.execute<(EligibilityFacts & { user_id: number })[]>(
      `select u.id as user_id, u.banned_at is not null as banned,
              coalesce(u.kick_banned_until, '-infinity') > now() or coalesce(kv.banned, false) as kick_banned,
              coalesce(kv.followed_at is not null, false) as follower,
              coalesce(kv.subscriber, false) as subscriber,
              coalesce((select x.level from member_xp x where x.user_id = u.id), 1) as level,
              (extract(epoch from now() - u.created_at) / 86400)::float8 as account_age_days,
              ((select count(*) from activity_awards a where a.user_id = u.id and a.source = 'watch' and ${window})
                * (select watch_interval_seconds from activity_settings) / 60)::int as watch_minutes,
              (select count(*) from activity_awards a
                where a.source = 'chat' and (a.user_id = u.id or a.kick_user_id = u.kick_user_id) and ${window})::int as chat_messages,
              exists (select 1 from prize_winners w where w.user_id = u.id and w.won_at > now() - make_interval(days => ?)) as recent_win
       from users u
       left join lateral (
         select kv.followed_at, ${KICK_BAN_IN_FORCE} as banned, ${SUBSCRIBER} as subscriber
         from kick_viewers kv where kv.kick_user_id = u.kick_user_id
       ) kv on true
       where u.id = any(?::int[])
       order by u.id`,
      [winnersDays, intArrayLiteral(userIds)],
    );
  }
}
