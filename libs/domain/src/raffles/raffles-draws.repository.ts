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
  number_of_winners: number;
  prize_value_usd: string;
  ends_at: Date;
  drawn_at: Date | null;
  cancelled_at: Date | null;
  due: boolean;
  ends_in_ms: number;
}

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
    const [row] = await em.execute<LockedRaffle[]>(
      `select id, title, prize_description, seed, draw_algorithm, number_of_winners, prize_value_usd::text as prize_value_usd, ends_at, drawn_at, cancelled_at, ends_at <= now() as due,
              (extract(epoch from ends_at - now()) * 1000)::float8 as ends_in_ms
       from raffles where id = ? for update`,
      [raffleId],
    );
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

  async insertWinner(em: EntityManager, raffleId: number, winner: DrawnWinner): Promise<void> {
    await em.execute('insert into raffle_winners (raffle_id, position, user_id, draw_index) values (?, ?, ?, ?)', [
      raffleId,
      winner.position,
      winner.user_id,
      winner.draw_index,
    ]);
  }

  /** The standing winner row at a position, if any. */
  async standingAt(em: EntityManager, raffleId: number, position: number): Promise<{ id: number; user_id: number } | null> {
    const [row] = await em.execute<{ id: number; user_id: number }[]>(
      'select id, user_id from raffle_winners where raffle_id = ? and position = ? and rerolled_at is null',
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

  async markRerolled(em: EntityManager, winnerId: number, actorId: number): Promise<void> {
    await em.execute('update raffle_winners set rerolled_at = clock_timestamp(), rerolled_by = ? where id = ?', [actorId, winnerId]);
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
