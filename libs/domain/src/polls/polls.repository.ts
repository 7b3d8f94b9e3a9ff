import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PollAudience, PollOpen, PollStatus } from '@kickback/contracts';

export interface PollRow {
  id: number;
  question: string;
  options: string[];
  audience: PollAudience;
  status: PollStatus;
  opened_at: Date;
  closes_at: Date | null;
  closed_at: Date | null;
}

/** Votes per option as one statement read them, and when (the database's clock, so every replica agrees). */
export interface PollCounts {
  votes: { option: number; votes: string }[];
  counted_at: Date;
}

/** A vote's author: a member, or a Kick account with no member behind it (a chat vote in an 'everyone' poll). */
export type VoterKey = { userId: number } | { kickUserId: number };

const POLL_COLUMNS = 'id, question, options, audience, status, opened_at, closes_at, closed_at';

/** Where votes are still taken: open and not past its timer. */
const TAKING_VOTES = "status = 'open' and (closes_at is null or closes_at > now())";

/** Every statement on polls, each on the em it is given so the service chooses the transaction. */
@Injectable()
export class PollsRepository {
  /** Writes 'closed' on an open poll whose timer ran out, so it no longer holds the one open place. */
  async closeTimedOut(em: EntityManager): Promise<PollRow[]> {
    return em.execute<PollRow[]>(
      `update polls set status = 'closed', closed_at = closes_at
       where status = 'open' and closes_at <= now() returning ${POLL_COLUMNS}`,
    );
  }

  async insert(em: EntityManager, poll: PollOpen, openedBy: number): Promise<PollRow> {
    const [row] = await em.execute<PollRow[]>(
      `insert into polls (question, options, audience, closes_at, opened_by)
       values (?, ?::jsonb, ?, case when ?::int is null then null else now() + make_interval(secs => ?::int) end, ?)
       returning ${POLL_COLUMNS}`,
      [poll.question, JSON.stringify(poll.options), poll.audience, poll.window_seconds, poll.window_seconds, openedBy],
    );
    return row!;
  }

  async byId(em: EntityManager, id: number): Promise<PollRow | null> {
    const [row] = await em.execute<PollRow[]>(`select ${POLL_COLUMNS} from polls where id = ?`, [id]);
    return row ?? null;
  }

  /** The poll on stream: the open one, else the newest. */
  async current(em: EntityManager): Promise<PollRow | null> {
    const [row] = await em.execute<PollRow[]>(`select ${POLL_COLUMNS} from polls order by (status = 'open') desc, id desc limit 1`);
    return row ?? null;
  }

  /**
   * The poll while it takes a vote (`id`, or the open one when null), under a shared advisory lock on the poll that
   * lasts until the vote commits: votes do not wait for each other, and a close or cancel (which takes the lock
   * exclusively, waitForVotes) waits for the votes in flight and holds back every later one until it commits, which then
   * reads the new status and finds nothing. An advisory lock rather than a row share lock: PostgreSQL queues a share
   * request behind a waiting exclusive one, where row share locks let a stream of votes keep a close waiting. Null
   * when it takes no votes now.
   */
  async lockTakingVotes(em: EntityManager, id: number | null): Promise<PollRow | null> {
    const pollId = id ?? (await em.execute<{ id: number }[]>(`select id from polls where status = 'open' order by id desc limit 1`))[0]?.id;
    if (pollId === undefined) return null;
    await em.execute(`select pg_advisory_xact_lock_shared(hashtext('poll-votes'), ?::int)`, [pollId]);
    const [row] = await em.execute<PollRow[]>(`select ${POLL_COLUMNS} from polls where id = ? and ${TAKING_VOTES}`, [pollId]);
    return row ?? null;
  }

  /** Waits for the poll's votes in flight and holds back new ones until this transaction ends (lockTakingVotes). */
  async waitForVotes(em: EntityManager, id: number): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtext('poll-votes'), ?::int)`, [id]);
  }

  /** The member whose account is linked to this Kick account, if any. */
  async memberOfKickUser(em: EntityManager, kickUserId: number): Promise<number | null> {
    const [row] = await em.execute<{ id: number }[]>('select id from users where kick_user_id = ?', [kickUserId]);
    return row?.id ?? null;
  }

  /**
   * Sets the voter's vote (their one row: created on the first vote, updated on a change) and answers the option it
   * replaced (null: a first vote). Parallel votes by one voter meet on the unique index and leave one row.
   */
  async upsertVote(em: EntityManager, pollId: number, voter: VoterKey, option: number): Promise<{ previous: number | null }> {
    const [column, value] = 'userId' in voter ? ['user_id', voter.userId] : ['kick_user_id', voter.kickUserId];
    const [row] = await em.execute<{ previous: number | null }[]>(
      `with before as (select option from poll_votes where poll_id = ? and ${column} = ?)
       insert into poll_votes as v (poll_id, ${column}, option) values (?, ?, ?)
       on conflict (poll_id, ${column}) where ${column} is not null do update
         set option = excluded.option,
             changed_at = case when v.option <> excluded.option then clock_timestamp() else v.changed_at end
       returning (select option from before) as previous`,
      [pollId, value, pollId, value, option],
    );
    return { previous: row?.previous ?? null };
  }

  async voteOf(em: EntityManager, pollId: number, userId: number): Promise<number | null> {
    const [row] = await em.execute<{ option: number }[]>('select option from poll_votes where poll_id = ? and user_id = ?', [
      pollId,
      userId,
    ]);
    return row?.option ?? null;
  }

  /** One statement, so the counts and their time come from the same snapshot. */
  async counts(em: EntityManager, pollId: number): Promise<PollCounts> {
    const [row] = await em.execute<{ votes: { option: number; votes: string }[]; counted_at: Date }[]>(
      `select statement_timestamp() as counted_at,
         coalesce((select json_agg(json_build_object('option', option, 'votes', n::text))
                   from (select option, count(*) as n from poll_votes where poll_id = ? group by option) c), '[]'::json) as votes`,
      [pollId],
    );
    return row!;
  }

  /** Stops voting by hand (compare-and-set on an open poll); null when it was not open. */
  async close(em: EntityManager, id: number): Promise<PollRow | null> {
    const [row] = await em.execute<PollRow[]>(
      `update polls set status = 'closed', closed_at = least(coalesce(closes_at, now()), now())
       where id = ? and status = 'open' returning ${POLL_COLUMNS}`,
      [id],
    );
    return row ?? null;
  }

  /** Cancels an open or closed poll (compare-and-set); null when it was cancelled already or is missing. */
  async cancel(em: EntityManager, id: number): Promise<PollRow | null> {
    const [row] = await em.execute<PollRow[]>(
      `update polls set status = 'cancelled', closed_at = coalesce(closed_at, least(coalesce(closes_at, now()), now()))
       where id = ? and status <> 'cancelled' returning ${POLL_COLUMNS}`,
      [id],
    );
    return row ?? null;
  }
}
