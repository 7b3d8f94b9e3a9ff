import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { intArrayLiteral, isoOrNull } from '@kickback/platform';
import type {
  ActivityExclusion,
  ActivityRules,
  ActivitySource,
  ActivitySubscription,
  LiveState,
  RewardMapping,
  UpdateActivityRules,
} from '@kickback/contracts';

const RULE_COLUMNS = [
  'broadcaster_user_id',
  'chat_points',
  'chat_xp',
  'chat_interval_seconds',
  'chat_hour_cap',
  'chat_stream_cap',
  'follow_points',
  'subscription_points',
  'gifted_sub_points',
  'kick_points',
  'watch_points',
  'watch_interval_seconds',
  'watch_stream_cap',
  'min_account_age_days',
  'chat_commands_enabled',
  'join_keyword',
] as const satisfies readonly (keyof ActivityRules)[];

export interface LiveRow {
  is_live: boolean;
  started_at: Date | null;
  ended_at: Date | null;
  stream_id: string | null;
  as_of: Date;
  stream_title: string | null;
  stream_category: string | null;
  metadata_as_of: Date | null;
}

/** Everything an award decision reads, in one round trip: the rules, the live state, and who the Kick account is here. */
export interface AwardContext {
  rules: ActivityRules;
  live: { is_live: boolean; stream_id: string | null; started_at: Date | null };
  excluded: boolean;
  member: { id: number; created_at: Date } | null;
}

export interface ChatterRow {
  last_message_hash: string | null;
  last_chat_award_at: Date | null;
}

/** A Kick account, or a member. */
type Earner = { kickUserId?: number; userId?: number };

export interface NewAward {
  /** Unique per award: the Kick message id, `follow:<kick id>`, `reward:<redemption id>` or a watch interval. */
  key: string;
  source: ActivitySource;
  kickUserId: number | null;
  /** The member (found by Kick user id, never by name); null keeps the award pending for a chatter without an account. */
  userId: number | null;
  streamId: string | null;
  points: number;
  xp: number;
  credited: boolean;
}

export interface ClaimedMessage {
  id: string;
  type: string;
  version: string;
  sentAt: Date;
  /** Kept with the id: 'applied' (a type this build reads), 'ignored' or 'unreadable'. */
  outcome: string;
}

export interface PendingAward {
  id: string;
  key: string;
  source: ActivitySource;
  points: number;
  xp: number;
}

export const toLive = (row: LiveRow): LiveState => ({
  is_live: row.is_live,
  started_at: isoOrNull(row.started_at),
  ended_at: isoOrNull(row.ended_at),
  title: row.stream_title,
  category: row.stream_category,
});

/** Every statement on the activity tables. */
@Injectable()
export class ActivityRepository {
  async rules(em: EntityManager): Promise<ActivityRules> {
    const [row] = await em.execute<(ActivityRules & { broadcaster_user_id: string | null })[]>(
      `select ${RULE_COLUMNS.join(', ')} from activity_settings where id = 1`,
    );
    return { ...row!, broadcaster_user_id: row!.broadcaster_user_id === null ? null : Number(row!.broadcaster_user_id) };
  }

  async context(em: EntityManager, kickUserId: number): Promise<AwardContext> {
    return (await this.contexts(em, [kickUserId])).get(kickUserId)!;
  }

  /** The award context of many Kick accounts in one round trip (the rules and live state are read once). */
  async contexts(em: EntityManager, kickUserIds: number[]): Promise<Map<number, AwardContext>> {
    const rows = await em.execute<(ActivityRules & Record<string, unknown>)[]>(
      `select ${RULE_COLUMNS.map((c) => `s.${c}`).join(', ')}, l.is_live, l.stream_id::text as stream_id, l.started_at,
         k.id::text as kick_user_id,
         -- Accounts the admin excluded, and the connected account itself: it posts our replies.
         (exists (select 1 from activity_exclusions e where e.kick_user_id = k.id)
           or exists (select 1 from kick_connection c where c.kick_user_id = k.id)) as excluded,
         u.id as member_id, u.created_at as member_created_at
       from activity_settings s cross join activity_live_state l
       cross join (select distinct id from unnest(?::bigint[]) as k(id)) k
       left join users u on u.kick_user_id = k.id
       where s.id = 1 and l.id = 1`,
      [intArrayLiteral(kickUserIds)],
    );
    if (!rows.length) return new Map();
    const first = rows[0]!;
    const rules = Object.fromEntries(RULE_COLUMNS.map((c) => [c, first[c]])) as unknown as ActivityRules;
    rules.broadcaster_user_id = first.broadcaster_user_id === null ? null : Number(first.broadcaster_user_id);
    const live = {
      is_live: first.is_live as boolean,
      stream_id: first.stream_id as string | null,
      started_at: first.started_at as Date | null,
    };
    return new Map(
      rows.map((r) => [
        Number(r.kick_user_id),
        {
          rules,
          live,
          excluded: r.excluded as boolean,
          member: r.member_id === null ? null : { id: r.member_id as number, created_at: r.member_created_at as Date },
        },
      ]),
    );
  }

  async updateRules(em: EntityManager, input: UpdateActivityRules): Promise<void> {
    const columns = RULE_COLUMNS.filter((c) => input[c] !== undefined);
    if (!columns.length) return;
    await em.execute(`update activity_settings set ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = now() where id = 1`, [
      ...columns.map((c) => input[c]),
    ]);
  }

  async live(em: EntityManager, forUpdate = false): Promise<LiveRow> {
    const [row] = await em.execute<LiveRow[]>(
      `select is_live, started_at, ended_at, stream_id::text as stream_id, as_of, stream_title, stream_category, metadata_as_of
       from activity_live_state where id = 1${forUpdate ? ' for update' : ''}`,
    );
    return row!;
  }

  async liveState(em: EntityManager): Promise<LiveState> {
    return toLive(await this.live(em));
  }

  async openStream(em: EntityManager, startedAt: Date): Promise<string> {
    const [row] = await em.execute<{ id: string }[]>(`insert into activity_streams (started_at) values (?) returning id::text as id`, [
      startedAt,
    ]);
    return row!.id;
  }

  async closeStreams(em: EntityManager, endedAt: Date): Promise<void> {
    await em.execute(`update activity_streams set ended_at = greatest(started_at, ?) where ended_at is null`, [endedAt]);
  }

  async setLive(
    em: EntityManager,
    state: { isLive: boolean; startedAt: Date | null; endedAt: Date | null; streamId: string | null; asOf: Date },
  ) {
    await em.execute(`update activity_live_state set is_live = ?, started_at = ?, ended_at = ?, stream_id = ?, as_of = ? where id = 1`, [
      state.isLive,
      state.startedAt,
      state.endedAt,
      state.streamId,
      state.asOf,
    ]);
  }

  /** The stream's title and category (a field left out keeps its value), as of the Kick time that gave them. */
  async setStreamMetadata(em: EntityManager, metadata: { title?: string | null; category?: string | null; asOf: Date }) {
    await em.execute(
      `update activity_live_state set
         stream_title = case when ? then ? else stream_title end,
         stream_category = case when ? then ? else stream_category end,
         metadata_as_of = greatest(metadata_as_of, ?)
       where id = 1`,
      [metadata.title !== undefined, metadata.title ?? null, metadata.category !== undefined, metadata.category ?? null, metadata.asOf],
    );
  }

  /** Records a Kick message as applied; false when it was seen before (the caller then does nothing). */
  async claimMessage(em: EntityManager, message: ClaimedMessage): Promise<boolean> {
    return (await this.claimMessages(em, [message])).has(message.id);
  }

  /** Records many Kick messages in one statement; answers the ids that were new (seen before: the caller does nothing). */
  async claimMessages(em: EntityManager, messages: ClaimedMessage[]): Promise<Set<string>> {
    const rows = await em.execute<{ message_id: string }[]>(
      `insert into kick_messages (message_id, type, version, outcome, sent_at)
       select id, type, version, outcome, sent_at
       from json_to_recordset(?::json) as m(id text, type text, version text, outcome text, sent_at timestamptz)
       order by id
       on conflict (message_id) do nothing returning message_id`,
      // In id order: two replicas' batches holding the same redelivered ids wait for each other one way, never both.
      [JSON.stringify(messages.map((m) => ({ id: m.id, type: m.type, version: m.version, outcome: m.outcome, sent_at: m.sentAt })))],
    );
    return new Set(rows.map((row) => row.message_id));
  }

  /** Serialises one Kick account's awards (caps and intervals are read-then-write) until the transaction ends. */
  async lockKickUser(em: EntityManager, kickUserId: number): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(8061, ?::int)`, [kickUserId % 2_147_483_647]);
  }

  async lockMember(em: EntityManager, userId: number): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(8062, ?::int)`, [userId]);
  }

  async memberByKickId(em: EntityManager, kickUserId: number): Promise<{ id: number; created_at: Date } | undefined> {
    const [row] = await em.execute<{ id: number; created_at: Date }[]>(`select id, created_at from users where kick_user_id = ?`, [
      kickUserId,
    ]);
    return row;
  }

  async kickIdOf(em: EntityManager, userId: number): Promise<number | null> {
    const [row] = await em.execute<{ kick_user_id: string | null }[]>(`select kick_user_id::text as kick_user_id from users where id = ?`, [
      userId,
    ]);
    return row?.kick_user_id ? Number(row.kick_user_id) : null;
  }

  /** Upserts the chatter and answers its state before this message. */
  async touchChatter(em: EntityManager, kickUserId: number, username: string): Promise<ChatterRow> {
    const [row] = await em.execute<ChatterRow[]>(
      `with before as (select last_message_hash, last_chat_award_at from activity_chatters where kick_user_id = ?),
       up as (
         insert into activity_chatters (kick_user_id, username) values (?, ?)
         on conflict (kick_user_id) do update set username = excluded.username, last_seen_at = now()
       )
       select (select last_message_hash from before) as last_message_hash, (select last_chat_award_at from before) as last_chat_award_at`,
      [kickUserId, kickUserId, username.slice(0, 64)],
    );
    return row!;
  }

  async setChatterMessage(em: EntityManager, kickUserId: number, hash: string, awardedAt: Date | null): Promise<void> {
    await em.execute(
      `update activity_chatters set last_message_hash = ?, last_chat_award_at = coalesce(?, last_chat_award_at) where kick_user_id = ?`,
      [hash, awardedAt, kickUserId],
    );
  }

  /** Points a Kick account (or a member) earned from one source since a moment, or within one stream. */
  earnedSince(em: EntityManager, who: Earner, source: ActivitySource, since: Date): Promise<number> {
    return this.earned(em, who, source, 'created_at >= ?', since);
  }

  earnedInStream(em: EntityManager, who: Earner, source: ActivitySource, streamId: string): Promise<number> {
    return this.earned(em, who, source, 'stream_id = ?', streamId);
  }

  private async earned(
    em: EntityManager,
    who: Earner,
    source: ActivitySource,
    within: 'created_at >= ?' | 'stream_id = ?',
    value: unknown,
  ): Promise<number> {
    const [col, id] = who.userId !== undefined ? ['user_id', who.userId] : ['kick_user_id', who.kickUserId];
    const [row] = await em.execute<{ total: number }[]>(
      `select coalesce(sum(points), 0)::int as total from activity_awards where ${col} = ? and source = ? and ${within}`,
      [id, source, value],
    );
    return row!.total;
  }

  async watchAwardCount(em: EntityManager, userId: number, streamId: string): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from activity_awards where user_id = ? and source = 'watch' and stream_id = ?`,
      [userId, streamId],
    );
    return row!.n;
  }

  /** Inserts the award; false when its key exists (a follow already rewarded, a watch interval already paid). */
  async insertAward(em: EntityManager, award: NewAward): Promise<boolean> {
    return (await this.insertAwards(em, [award])).has(award.key);
  }

  /** Inserts many awards in one statement; answers the keys that were new (a key seen before, or twice here, once). */
  async insertAwards(em: EntityManager, awards: NewAward[]): Promise<Set<string>> {
    const rows = await em.execute<{ key: string }[]>(
      `insert into activity_awards (key, source, kick_user_id, user_id, stream_id, points, xp, credited_at)
       select key, source, kick_user_id, user_id, stream_id, points, xp, case when credited then now() end
       from json_to_recordset(?::json) as a(key text, source text, kick_user_id bigint, user_id int, stream_id bigint,
         points int, xp int, credited boolean, ord int)
       order by ord
       on conflict (key) do nothing returning key`,
      [
        JSON.stringify(
          awards.map((a, ord) => ({
            key: a.key,
            source: a.source,
            kick_user_id: a.kickUserId,
            user_id: a.userId,
            stream_id: a.streamId,
            points: a.points,
            xp: a.xp,
            credited: a.credited,
            ord,
          })),
        ),
      ],
    );
    return new Set(rows.map((row) => row.key));
  }

  /** A new member's pending awards from chat as a guest, at most `days` old, locked for crediting. */
  pendingFor(em: EntityManager, kickUserId: number, days: number): Promise<PendingAward[]> {
    return em.execute<PendingAward[]>(
      `select id::text as id, key, source, points, xp from activity_awards
       where kick_user_id = ? and user_id is null and credited_at is null and created_at > now() - make_interval(days => ?)
       order by id for update skip locked`,
      [kickUserId, days],
    );
  }

  async markCredited(em: EntityManager, awardId: string, userId: number): Promise<void> {
    await em.execute(`update activity_awards set user_id = ?, credited_at = now() where id = ?`, [userId, awardId]);
  }

  async rewardPoints(em: EntityManager, rewardId: string): Promise<number | null> {
    const [row] = await em.execute<{ points: number }[]>(`select points from activity_reward_mappings where reward_id = ?`, [rewardId]);
    return row?.points ?? null;
  }

  exclusions(em: EntityManager): Promise<ActivityExclusion[]> {
    return em.execute<ActivityExclusion[]>(
      `select kick_user_id::float8 as kick_user_id, label, created_at from activity_exclusions order by created_at desc`,
    );
  }

  async putExclusion(em: EntityManager, input: { kick_user_id: number; label: string }): Promise<void> {
    await em.execute(
      `insert into activity_exclusions (kick_user_id, label) values (?, ?) on conflict (kick_user_id) do update set label = excluded.label`,
      [input.kick_user_id, input.label],
    );
  }

  async deleteExclusion(em: EntityManager, kickUserId: number): Promise<boolean> {
    return (await em.execute(`delete from activity_exclusions where kick_user_id = ? returning 1`, [kickUserId])).length > 0;
  }

  rewards(em: EntityManager): Promise<RewardMapping[]> {
    return em.execute<RewardMapping[]>(`select reward_id, title, points from activity_reward_mappings order by title`);
  }

  async putReward(em: EntityManager, input: RewardMapping): Promise<void> {
    await em.execute(
      `insert into activity_reward_mappings (reward_id, title, points) values (?, ?, ?)
       on conflict (reward_id) do update set title = excluded.title, points = excluded.points`,
      [input.reward_id, input.title, input.points],
    );
  }

  async deleteReward(em: EntityManager, rewardId: string): Promise<boolean> {
    return (await em.execute(`delete from activity_reward_mappings where reward_id = ? returning 1`, [rewardId])).length > 0;
  }

  todayBySource(em: EntityManager): Promise<{ source: ActivitySource; points: number; awards: number }[]> {
    return em.execute(
      `select source, coalesce(sum(points), 0)::int as points, count(*)::int as awards from activity_awards
       where created_at >= date_trunc('day', now()) and credited_at is not null group by source order by points desc`,
    );
  }

  topEarners(em: EntityManager, limit: number): Promise<{ user_id: number; username: string; points: number }[]> {
    return em.execute(
      `select a.user_id, u.username, sum(a.points)::int as points from activity_awards a join users u on u.id = a.user_id
       where a.created_at >= date_trunc('day', now()) and a.credited_at is not null
       group by a.user_id, u.username order by points desc, a.user_id limit ?`,
      [limit],
    );
  }

  async pendingTotals(em: EntityManager): Promise<{ chatters: number; points: number }> {
    const [row] = await em.execute<{ chatters: number; points: number }[]>(
      `select count(distinct kick_user_id)::int as chatters, coalesce(sum(points), 0)::int as points from activity_awards
       where credited_at is null and created_at > now() - interval '30 days'`,
    );
    return row!;
  }

  subscriptions(em: EntityManager): Promise<ActivitySubscription[]> {
    return em.execute<ActivitySubscription[]>(
      `select event, version, subscription_id, status, error, updated_at, checked_at from activity_subscriptions order by event`,
    );
  }

  /** `checked`: the state comes from Kick's own list, read just now. */
  async putSubscription(em: EntityManager, sub: Omit<ActivitySubscription, 'updated_at' | 'checked_at'>, checked = false): Promise<void> {
    await em.execute(
      `insert into activity_subscriptions (event, version, subscription_id, status, error, checked_at)
       values (?, ?, ?, ?, ?, case when ? then now() end)
       on conflict (event) do update set version = excluded.version, subscription_id = excluded.subscription_id,
         status = excluded.status, error = excluded.error, updated_at = now(),
         checked_at = coalesce(excluded.checked_at, activity_subscriptions.checked_at)`,
      [sub.event, sub.version, sub.subscription_id, sub.status, sub.error, checked],
    );
  }
}
