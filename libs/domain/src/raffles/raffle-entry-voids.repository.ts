import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RaffleEntryRules } from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';
import { MEMBER_NOT_BANNED_SQL } from './raffle-eligibility.repository';

export type VoidReason = 'kick-ban' | 'site-ban' | 'rules' | 'account-deleted';

/** What decides whether a raffle's rules can still be applied to its entrants. */
interface RulesState {
  drawn_at: Date | null;
  cancelled_at: Date | null;
  entry_rules: RaffleEntryRules | null;
  draw_algorithm: string;
}

/** An entry row moved to raffle_entry_voids. */
export interface VoidedEntry {
  entry_id: string;
  raffle_id: number;
  user_id: number;
  tickets: number;
  points_spent: string;
}

/** Statements that take a member's entries out of a raffle before its draw; the caller holds the raffle rows locked. */
@Injectable()
export class RaffleEntryVoidsRepository {
  /**
   * The undrawn raffles the member has entries in, in id order, held FOR NO KEY UPDATE (what the counter update takes
   * anyway): a draw holding a raffle FOR UPDATE is waited for and its raffle then left out, while entries in flight,
   * which hold it FOR KEY SHARE, are not waited for (they wait for the member's row, which the caller holds).
   */
  async lockOpenRafflesOf(em: EntityManager, userId: number): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>(
      `select r.id from raffles r
       where r.drawn_at is null and r.cancelled_at is null
         and exists (select 1 from raffle_entries e where e.raffle_id = r.id and e.user_id = ?)
       order by r.id for no key update of r`,
      [userId],
    );
    return rows.map((r) => r.id);
  }

  /** Members with entries in the raffle who are banned now (site or Kick), with the ban that excludes them. */
  bannedEntrants(em: EntityManager, raffleId: number): Promise<{ user_id: number; reason: VoidReason }[]> {
    return em.execute(
      `select u.id as user_id, case when u.banned_at is not null then 'site-ban' else 'kick-ban' end as reason
       from raffle_participants p join users u on u.id = p.user_id
       where p.raffle_id = ? and not (${MEMBER_NOT_BANNED_SQL})
       order by u.id`,
      [raffleId],
    );
  }

  /** The raffle whose rules are applied to its entrants, held FOR UPDATE as a draw holds it (one waits for the other). */
  async lockForRules(em: EntityManager, raffleId: number): Promise<RulesState | null> {
    const [row] = await em.execute<RulesState[]>(
      'select drawn_at, cancelled_at, entry_rules, draw_algorithm from raffles where id = ? for update',
      [raffleId],
    );
    return row ?? null;
  }

  /** The members with entries in the raffle, in id order. */
  async entrants(em: EntityManager, raffleId: number): Promise<number[]> {
    const rows = await em.execute<{ user_id: number }[]>('select user_id from raffle_participants where raffle_id = ? order by user_id', [
      raffleId,
    ]);
    return rows.map((r) => r.user_id);
  }

  /**
   * Moves every entry of the member in the given raffles to raffle_entry_voids, drops their participant rows and takes
   * them off the raffles' counters, in one statement.
   */
  voidEntries(em: EntityManager, raffleIds: number[], userId: number, reason: VoidReason): Promise<VoidedEntry[]> {
    if (!raffleIds.length) return Promise.resolve([]);
    return em.execute<VoidedEntry[]>(
      `with moved as (
         delete from raffle_entries e where e.user_id = ? and e.raffle_id = any(?::int[])
         returning e.id, e.raffle_id, e.user_id, e.entry_type, e.tickets, e.multiplier, e.points_spent
       ), kept as (
         insert into raffle_entry_voids (entry_id, raffle_id, user_id, entry_type, tickets, multiplier, points_spent, reason)
         select id, raffle_id, user_id, entry_type, tickets, multiplier, points_spent, ? from moved
       ), gone as (
         delete from raffle_participants p where p.user_id = ? and p.raffle_id in (select raffle_id from moved)
       ), totals as (
         select raffle_id, sum(tickets)::int as tickets from moved group by raffle_id
       ), c as (
         update raffles r set total_entries = r.total_entries - t.tickets, participants_count = r.participants_count - 1, updated_at = now()
         from totals t where r.id = t.raffle_id
       )
       select id::text as entry_id, raffle_id, user_id, tickets, points_spent::text as points_spent from moved order by id`,
      [userId, intArrayLiteral(raffleIds), reason, userId],
    );
  }
}
