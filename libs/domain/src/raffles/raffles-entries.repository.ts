import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxService, intArrayLiteral } from '@kickback/platform';
import type { RaffleEntryRules } from '@kickback/contracts';
import type { UserRow } from './raffle-rows';
import { MEMBER_NOT_BANNED_SQL } from './raffle-eligibility.repository';

/**
 * The only condition under which an entry row may be written (raffle aliased r). Every entry
 * statement pairs it with FOR KEY SHARE of r: an entry then waits for a draw that holds the row
 * FOR UPDATE and re-checks drawn_at, so no entry can slip in after the entry list was frozen.
 */
const RAFFLE_OPEN_SQL = 'r.starts_at <= now() and r.ends_at > now() and r.cancelled_at is null and r.drawn_at is null';

/**
 * The member's participant row as the statement's snapshot saw it (the row p inserts is not visible to the same
 * statement): absent for a newcomer, whose first entry is the one just written. Lateral with a limit, which is never
 * flattened into a join, so each row is one primary-key lookup whatever the table's statistics say.
 */
const EARLIER_PARTICIPANT = `left join lateral (
    select first_entry_id from raffle_participants pp where pp.raffle_id = e.raffle_id and pp.user_id = e.user_id limit 1
  ) pp on true`;
const FIRST_ENTRY_ID = 'coalesce(pp.first_entry_id, e.id)::text';
/** The counters as CTE c's update left them: the row lock orders the statements, so these only grow. */
const TOTALS_SEEN = 'c.total_entries, c.participants_count';
/** The member's ticket total in the raffle as CTE p left it (the entry list's order). */
const PERSON_TICKETS = 'p.tickets as person_tickets';
const JOIN_PERSON = 'join p on p.user_id = e.user_id';

/** The member and the raffle as an entry decision needs them (raffle columns null when it does not exist). */
export interface EntryContext extends UserRow {
  raffle_id: number | null;
  starts_at: Date;
  ends_at: Date;
  drawn_at: Date | null;
  cancelled_at: Date | null;
  allow_passwordless: boolean;
  allow_points: boolean;
  points_per_entry: number | null;
  max_tickets_per_user: number | null;
  password_hash: string | null;
  entry_rules: RaffleEntryRules | null;
  casino_credit_prize: boolean;
}

/** An entry row as written (or, for points, as it now stands). */
export interface InsertedEntry extends RaffleTotalsSeen {
  entry_id: string;
  tickets: number;
  created_at: Date;
  /** The member's first entry in the raffle: this one for a newcomer. */
  first_entry_id: string;
  /** Every ticket the member now holds in the raffle. */
  person_tickets: number;
}

/** The raffle's counters as the writing statement left them (its own rows counted), for the room's push. */
export interface RaffleTotalsSeen {
  total_entries: number;
  participants_count: number;
}

/** A free entry written by a batch, with its member. */
export type BatchEntryRow = InsertedEntry & UserRow;

export interface PointsPurchase {
  raffleId: number;
  userId: number;
  tickets: number;
  pointsSpent: number;
  maxTickets: number | null;
  /** The subscriber multiplier decided for a new row; a top-up keeps the row's (answered with the row). */
  multiplier: number;
}

/**
 * Every write of entries. Each statement writes its rows in CTE e and then, in the same statement, the member's
 * participant row, the raffle's counters (one UPDATE of the raffle row per statement, however many rows; it returns
 * the counters it left, which the room's push reports) and one raffle.entries-added event carrying all its rows (a
 * batch of free entries costs the worker one job, not one per entry). The counter update reads the participant CTE,
 * so it runs last: the raffle row is held exclusively only from then until the commit, and nothing the statement
 * does afterwards waits on anyone.
 */
@Injectable()
export class RafflesEntriesRepository {
  constructor(private readonly outbox: OutboxService) {}

  async context(em: EntityManager, raffleId: number, userId: number): Promise<EntryContext | null> {
    const [row] = await em.execute<EntryContext[]>(
      `select u.id, u.username, u.kick_username, u.avatar_url, r.id as raffle_id, r.starts_at, r.ends_at, r.drawn_at, r.cancelled_at,
              r.allow_passwordless, r.allow_points, r.points_per_entry, r.max_tickets_per_user, r.password_hash, r.entry_rules,
              r.casino_credit_prize
       from users u left join raffles r on r.id = ? where u.id = ?`,
      [raffleId, userId],
    );
    return row ?? null;
  }

  async isOpen(em: EntityManager, raffleId: number): Promise<boolean> {
    return (await em.execute(`select 1 from raffles r where r.id = ? and ${RAFFLE_OPEN_SQL}`, [raffleId])).length > 0;
  }

  /**
   * Free entries of many members of one raffle in one statement (group commit). Members without a Kick username or
   * banned, a raffle that is closed, has no free entry or has entry rules (decided one member at a time), and second
   * free entries get no row back. A casino-credit raffle is decided one member at a time too (a break refuses it). Rows are written in member order, so two batches sharing a member can only wait for
   * each other one way. Each member's row is held FOR SHARE, as in RaffleEntryService: a ban waits for the batch, or
   * the batch waits for the ban and re-checks the member's ban columns.
   */
  insertFreeBatch(em: EntityManager, raffleId: number, userIds: number[]): Promise<BatchEntryRow[]> {
    return em.execute<BatchEntryRow[]>(
      `with req as (
         select * from unnest(?::int[]) with ordinality as t(user_id, ord)
       ), u as (
         select req.ord, u.id, u.username, u.kick_username, u.avatar_url
         from req cross join lateral (
           select u.id, u.username, u.kick_username, u.avatar_url from users u
           where u.id = req.user_id and nullif(trim(u.kick_username), '') is not null and ${MEMBER_NOT_BANNED_SQL}
           limit 1 for share of u
         ) u
       ), e as (
         insert into raffle_entries (raffle_id, user_id, entry_type, tickets)
         select r.id, u.id, 'passwordless', 1 from u join raffles r on r.id = ?
         where r.allow_passwordless and r.entry_rules is null and not r.casino_credit_prize and ${RAFFLE_OPEN_SQL}
         order by u.ord
         for key share of r
         on conflict (raffle_id, user_id) where entry_type = 'passwordless' do nothing
         returning id, raffle_id, user_id, entry_type, tickets, created_at
       ), ${this.afterEntries('e.tickets', '0')}
       select e.id::text as entry_id, e.tickets, e.created_at, ${FIRST_ENTRY_ID} as first_entry_id, ${TOTALS_SEEN}, ${PERSON_TICKETS},
              u.id, u.username, u.kick_username, u.avatar_url
       from e join u on u.id = e.user_id ${JOIN_PERSON} cross join c ${EARLIER_PARTICIPANT}`,
      [intArrayLiteral(userIds), raffleId],
    );
  }

  /**
   * One free or password entry with the multiplier the rules decided; null when the raffle is not open or the member
   * holds that entry already. The caller holds the member's row (RaffleEligibilityRepository.lockMember).
   */
  async insertOnce(
    em: EntityManager,
    raffleId: number,
    userId: number,
    type: 'passwordless' | 'password',
    multiplier: number,
  ): Promise<InsertedEntry | null> {
    const [row] = await em.execute<InsertedEntry[]>(
      `with e as (
         insert into raffle_entries (raffle_id, user_id, entry_type, tickets, multiplier)
         select r.id, ?, ?, 1, ? from raffles r where r.id = ? and ${RAFFLE_OPEN_SQL} for key share of r
         on conflict (raffle_id, user_id) where entry_type = '${type === 'password' ? 'password' : 'passwordless'}' do nothing
         returning id, raffle_id, user_id, entry_type, tickets, created_at
       ), ${this.afterEntries('e.tickets', '0')}
       select e.id::text as entry_id, e.tickets, e.created_at, ${FIRST_ENTRY_ID} as first_entry_id, ${TOTALS_SEEN}, ${PERSON_TICKETS}
       from e ${JOIN_PERSON} cross join c ${EARLIER_PARTICIPANT}`,
      [userId, type, multiplier, raffleId],
    );
    return row ?? null;
  }

  /**
   * Adds points tickets to the member's one points row; null when the raffle is not open or the cap would be
   * passed. Run it in the transaction that debits the points, so a refusal rolls the debit back.
   */
  async addPointsTickets(em: EntityManager, purchase: PointsPurchase): Promise<(InsertedEntry & { multiplier: number }) | null> {
    const [row] = await em.execute<(InsertedEntry & { multiplier: number })[]>(
      `with bought as (
         select ?::int as tickets, ?::bigint as points
       ), e as (
         insert into raffle_entries (raffle_id, user_id, entry_type, tickets, points_spent, multiplier)
         select r.id, ?, 'points', b.tickets, b.points, ? from raffles r cross join bought b
         where r.id = ? and ${RAFFLE_OPEN_SQL} for key share of r
         on conflict (raffle_id, user_id) where entry_type = 'points' do update
           set tickets = raffle_entries.tickets + excluded.tickets,
               points_spent = raffle_entries.points_spent + excluded.points_spent,
               updated_at = now()
           where ?::int is null or raffle_entries.tickets + excluded.tickets <= ?::int
         returning id, raffle_id, user_id, entry_type, tickets, created_at, multiplier
       ), ${this.afterEntries('(select tickets from bought)', '(select points from bought)')}
       select e.id::text as entry_id, e.tickets, e.multiplier, e.created_at, ${FIRST_ENTRY_ID} as first_entry_id, ${TOTALS_SEEN}, ${PERSON_TICKETS}
       from e ${JOIN_PERSON} cross join c ${EARLIER_PARTICIPANT}`,
      [
        purchase.tickets,
        purchase.pointsSpent,
        purchase.userId,
        purchase.multiplier,
        purchase.raffleId,
        purchase.maxTickets,
        purchase.maxTickets,
      ],
    );
    return row ?? null;
  }

  /**
   * The CTEs that follow an entry CTE e (one raffle): participant rows for members new to the raffle, the raffle's
   * counters, and the event. `tickets` and `points` are what each row of e added (SQL over e or constants).
   */
  private afterEntries(tickets: string, points: string): string {
    // Grouped by the raffle: one event for the statement's rows (e holds one raffle), none when it wrote no row.
    const event = this.outbox.insertSql(
      'raffle.entries-added',
      {
        raffleId: 'e.raffle_id',
        entries: {
          each: { userId: 'e.user_id', entryId: 'e.id', entryType: 'e.entry_type', tickets, pointsSpent: points },
          orderBy: 'e.id',
        },
      },
      'from e group by e.raffle_id',
    );
    // xmax is 0 on a row this statement inserted and set on one it updated: only newcomers count as participants.
    return `p as (
         insert into raffle_participants (raffle_id, user_id, first_entry_id, tickets)
         select raffle_id, user_id, id, ${tickets} from e order by user_id
         on conflict (raffle_id, user_id) do update set tickets = raffle_participants.tickets + excluded.tickets
         returning user_id, tickets, xmax = 0 as inserted
       ), c as (
         update raffles set participants_count = participants_count + (select count(*) from p where inserted),
                total_entries = total_entries + (select coalesce(sum(${tickets}), 0) from e)
         where id = (select raffle_id from e limit 1)
         returning total_entries, participants_count
       ), o as (
         ${event}
       )`;
  }

  /** Recomputes a raffle's participants and counters from its entry rows (entries written outside these statements: the demo seed). */
  async recount(em: EntityManager, raffleId: number): Promise<void> {
    await em.execute(
      `insert into raffle_participants (raffle_id, user_id, first_entry_id, tickets)
       select raffle_id, user_id, min(id), sum(tickets)::int from raffle_entries where raffle_id = ? group by raffle_id, user_id
       on conflict (raffle_id, user_id) do update set first_entry_id = excluded.first_entry_id, tickets = excluded.tickets`,
      [raffleId],
    );
    await em.execute(
      `update raffles r set total_entries = coalesce(t.total, 0), participants_count = coalesce(t.participants, 0)
       from (select sum(tickets)::int as total, count(distinct user_id)::int as participants from raffle_entries where raffle_id = ?) t
       where r.id = ?`,
      [raffleId, raffleId],
    );
  }
}
