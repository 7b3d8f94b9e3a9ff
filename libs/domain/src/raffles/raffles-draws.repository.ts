import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DrawnWinner, RaffleDrawAlgorithm } from '@kickback/contracts';
import type { UserRow } from './raffle-rows';

/** The raffle as a draw decides on it, locked FOR UPDATE. */
export interface LockedRaffle {
  id: number;
  title: string;
  prize_description: string;
  seed: string;
  draw_algorithm: RaffleDrawAlgorithm;
  claim_window_minutes: number | null;
  number_of_winners: number;
  prize_value_usd: string;
  ends_at: Date;
  drawn_at: Date | null;
  cancelled_at: Date | null;
  due: boolean;
  ends_in_ms: number;
}

/** A standing winner as a reroll decides on it. */
export interface StandingWinner {
  id: number;
  user_id: number;
  claimed: boolean;
  /** Whole seconds until the claim window closes; null without an open window. */
  claim_seconds_left: number | null;
}

const DRAW_HEAD = `select id, title, prize_description, seed, draw_algorithm, claim_window_minutes, number_of_winners,
    prize_value_usd::text as prize_value_usd, ends_at, drawn_at, cancelled_at, ends_at <= now() as due,
    (extract(epoch from ends_at - now()) * 1000)::float8 as ends_in_ms
  from raffles where id = ?`;

/** Statements of draws and rerolls; the caller holds the transaction that locks the raffle first. */
@Injectable()
export class RafflesDrawsRepository {
  /** Raffles whose end passed without a draw, oldest end first. */
  async dueIds(em: EntityManager): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>(
      'select id from raffles where drawn_at is null and cancelled_at is null and ends_at <= now() order by ends_at limit 100',
    );
    return rows.map((r) => r.id);
  }

  /** Locks the raffle row FOR UPDATE: waits for every in-flight entry, which holds FOR KEY SHARE on it. */
  async lock(em: EntityManager, raffleId: number): Promise<LockedRaffle | null> {
    const [row] = await em.execute<LockedRaffle[]>(`${DRAW_HEAD} for update`, [raffleId]);
    return row ?? null;
  }

  /** The same columns without a lock, for a reader after commit. */
  async read(em: EntityManager, raffleId: number): Promise<LockedRaffle | null> {
    const [row] = await em.execute<LockedRaffle[]>(DRAW_HEAD, [raffleId]);
    return row ?? null;
  }

  /** Records the draw; false when another draw got there first. */
  async markDrawn(em: EntityManager, raffleId: number, entriesHash: string): Promise<boolean> {
    const rows = await em.execute(
      `update raffles set drawn_at = now(), entries_hash = ?, ends_at = least(ends_at, now()), updated_at = now()
       where id = ? and drawn_at is null returning id`,
      [entriesHash, raffleId],
    );
    return rows.length > 0;
  }

  /** A standing winner; with a claim window, their claim is open for that many minutes from now. Answers the deadline. */
  async insertWinner(em: EntityManager, raffleId: number, winner: DrawnWinner, claimWindowMinutes: number | null): Promise<Date | null> {
    const [row] = await em.execute<{ claim_deadline: Date | null }[]>(
      `insert into raffle_winners (raffle_id, position, user_id, draw_index, claim_deadline)
       values (?, ?, ?, ?, case when ?::int is null then null else clock_timestamp() + make_interval(mins => ?::int) end)
       returning claim_deadline`,
      [raffleId, winner.position, winner.user_id, winner.draw_index, claimWindowMinutes, claimWindowMinutes],
    );
    return row!.claim_deadline;
  }

  /** The standing winner row at a position, if any, with its claim: claimed, or the seconds left of an open window. */
  async standingAt(em: EntityManager, raffleId: number, position: number): Promise<StandingWinner | null> {
    const [row] = await em.execute<StandingWinner[]>(
      `select id, user_id, claimed_at is not null as claimed,
         case when claimed_at is null and claim_deadline > clock_timestamp()
           then ceil(extract(epoch from claim_deadline - clock_timestamp()))::int end as claim_seconds_left
       from raffle_winners where raffle_id = ? and position = ? and rerolled_at is null`,
      [raffleId, position],
    );
    return row ?? null;
  }

  /** Positions rerolled so far, in the order they happened. */
  async rerolledPositions(em: EntityManager, raffleId: number): Promise<number[]> {
    const rows = await em.execute<{ position: number }[]>(
      'select position from raffle_winners where raffle_id = ? and rerolled_at is not null order by rerolled_at, id',
      [raffleId],
    );
    return rows.map((r) => r.position);
  }

  /** Ends a standing win: rerolled by an admin, or passed on unclaimed (no actor). */
  async markRerolled(em: EntityManager, winnerId: number, actorId: number | null): Promise<void> {
    await em.execute('update raffle_winners set rerolled_at = clock_timestamp(), rerolled_by = ?, unclaimed = ? where id = ?', [
      actorId,
      actorId === null,
      winnerId,
    ]);
  }

  /** Standing winners whose claim window closed unclaimed, in position order; the caller holds the raffle lock. */
  expiredClaims(em: EntityManager, raffleId: number): Promise<{ id: number; position: number; user_id: number }[]> {
    return em.execute(
      `select id, position, user_id from raffle_winners
       where raffle_id = ? and rerolled_at is null and claimed_at is null and claim_deadline <= clock_timestamp() order by position`,
      [raffleId],
    );
  }

  /** Nobody is left to pass the prize to: the claim closes where it stands. */
  async closeClaim(em: EntityManager, winnerId: number): Promise<void> {
    await em.execute('update raffle_winners set claim_deadline = null where id = ?', [winnerId]);
  }

  /** Raffles with an expired open claim (for the sweep). */
  async rafflesWithExpiredClaims(em: EntityManager): Promise<number[]> {
    const rows = await em.execute<{ raffle_id: number }[]>(
      `select distinct raffle_id from raffle_winners
       where rerolled_at is null and claimed_at is null and claim_deadline <= now() order by raffle_id limit 100`,
    );
    return rows.map((r) => r.raffle_id);
  }

  /** The next moment a claim of the raffle closes, if any is open. */
  async nextClaimDeadline(em: EntityManager, raffleId: number): Promise<Date | null> {
    const [row] = await em.execute<{ at: Date | null }[]>(
      'select min(claim_deadline) as at from raffle_winners where raffle_id = ? and rerolled_at is null and claimed_at is null',
      [raffleId],
    );
    return row?.at ? new Date(row.at) : null;
  }

  /** The member's standing win in the raffle, with its claim. */
  async standingWinOf(
    em: EntityManager,
    raffleId: number,
    userId: number,
  ): Promise<{ id: number; claim_deadline: Date | null; claimed_at: Date | null; open: boolean } | null> {
    const [row] = await em.execute<{ id: number; claim_deadline: Date | null; claimed_at: Date | null; open: boolean }[]>(
      `select id, claim_deadline, claimed_at, coalesce(claim_deadline > clock_timestamp(), false) as open
       from raffle_winners where raffle_id = ? and user_id = ? and rerolled_at is null`,
      [raffleId, userId],
    );
    return row ?? null;
  }

  async markClaimed(em: EntityManager, winnerId: number): Promise<void> {
    await em.execute('update raffle_winners set claimed_at = clock_timestamp() where id = ?', [winnerId]);
  }

  async seed(em: EntityManager, raffleId: number): Promise<string> {
    const [row] = await em.execute<{ seed: string }[]>('select seed from raffles where id = ?', [raffleId]);
    return row!.seed;
  }

  /** Standing winners' users in position order, as the drawn push shows them. */
  standingUsers(em: EntityManager, raffleId: number): Promise<UserRow[]> {
    return em.execute<UserRow[]>(
      `select u.id, u.username, u.kick_username, u.avatar_url from raffle_winners w join users u on u.id = w.user_id
       where w.raffle_id = ? and w.rerolled_at is null order by w.position`,
      [raffleId],
    );
  }
}
