import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  RAFFLE_DRAW_ALGORITHM,
  type DrawEntry,
  type RaffleDrawAlgorithm,
  type RaffleEntryLine,
  type RaffleEntryOrder,
  type RaffleEntryType,
  type RaffleWeights,
} from '@kickback/contracts';
import { intArrayLiteral, queryCursor } from '@kickback/platform';
import type { EntryRow, RaffleRow, UserRow } from './raffle-rows';

/** Every column RaffleRow needs; the totals are the counters the entry statements maintain (no scan of the entries). */
export const RAFFLE_SELECT = `
  select r.id, r.title, r.description, r.image, r.prize_description, r.prize_value_usd::text as prize_value_usd,
         r.starts_at, r.ends_at, r.number_of_winners, r.allow_passwordless, r.allow_points, r.points_per_entry,
         r.max_tickets_per_user, (r.password_hash is not null) as has_password, r.entry_rules, r.claim_window_minutes, r.casino_credit_prize, r.seed, r.seed_hash, r.entries_hash,
         r.drawn_at, r.cancelled_at, r.created_at, r.total_entries, r.participants_count
  from raffles r`;

const ENTRY_ROW_SELECT = `
  select e.id::text as entry_id, e.entry_type, e.tickets, e.multiplier, e.points_spent::text as points_spent, e.created_at,
         u.id, u.username, u.kick_username, u.avatar_url
  from raffle_entries e join users u on u.id = e.user_id`;

/** The CSV export of a raffle's entries: every entry row with its member, in entry order. */
export const RAFFLE_ENTRIES_EXPORT_SQL = `
  select e.id::text as entry_id, u.id as user_id, u.username, u.kick_username, e.entry_type, e.tickets,
         e.points_spent::text as points_spent,
         to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
  from raffle_entries e join users u on u.id = e.user_id
  where e.raffle_id = ? order by e.id`;

export interface EntryExportRow {
  entry_id: string;
  user_id: number;
  username: string;
  kick_username: string | null;
  entry_type: string;
  tickets: number;
  points_spent: string;
  /** ISO 8601 in UTC, milliseconds (as JavaScript writes dates). */
  created_at: string;
}

/** A batch is a few megabytes at most; a download that stops reading for this long gives its connection back. */
const EXPORT_CURSOR = { batchRows: 2000, stallSeconds: 30 };

/** A standing winner with their claim, as a raffle's answer lists them. */
export interface StandingWinnerRow extends UserRow {
  raffle_id: number;
  position: number;
  claim_deadline: Date | null;
  claimed_at: Date | null;
}

export interface VerifyHead {
  seed: string;
  seed_hash: string;
  entries_hash: string | null;
  drawn_at: Date | null;
  number_of_winners: number;
  draw_algorithm: RaffleDrawAlgorithm;
}

export interface WinnerRecord {
  position: number;
  user_id: number;
  draw_index: number;
  rerolled_at: Date | null;
}

/** A person of the entry list: the user and the cursor value (their first entry id). */
export type ParticipantRow = UserRow & { first_entry_id: string; tickets: number };

export type EntryLineRow = Omit<RaffleEntryLine, 'id' | 'created_at'> & {
  id: string;
  user_id: number;
  created_at: Date;
  multiplier: number;
};

export interface ParticipantsPageQuery {
  order: RaffleEntryOrder;
  /**
   * Only people after this place in the order: a first entry id (newest: older than it), or `tickets.id` (most
   * tickets: fewer tickets, or as many with a later first entry).
   */
  after: string | null;
  limit: number;
  /** Case-insensitive substring of the username or Kick username; '' for everyone. */
  search: string;
}

/** The entry list's orders, each walked by an index of raffle_participants. */
const PARTICIPANT_ORDER: Record<RaffleEntryOrder, string> = {
  newest: 'p.first_entry_id desc',
  tickets: 'p.tickets desc, p.first_entry_id',
};

/** Up to this many members matching a search, a page of a raffle's people is looked up from them. */
const FEW_MATCHES = 2000;

/** A LIKE pattern matching `text` literally anywhere. */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Reads of raffles: lists, one raffle, its people and entry rows, winners and the published draw data. */
@Injectable()
export class RafflesRepository {
  list(em: EntityManager, includeCancelled: boolean): Promise<RaffleRow[]> {
    return em.execute<RaffleRow[]>(
      `${RAFFLE_SELECT} where r.archived_at is null ${includeCancelled ? '' : 'and r.cancelled_at is null'}
       order by (r.drawn_at is null and r.ends_at > now()) desc, case when r.ends_at > now() then r.ends_at end asc, r.ends_at desc limit 200`,
    );
  }

  async count(em: EntityManager): Promise<number> {
    const [{ total }] = await em.execute<{ total: number }[]>('select count(*)::int as total from raffles where archived_at is null');
    return total;
  }

  /** Newest first, for the admin list (archived raffles keep their page, not a row here). */
  page(em: EntityManager, limit: number, offset: number): Promise<RaffleRow[]> {
    return em.execute<RaffleRow[]>(`${RAFFLE_SELECT} where r.archived_at is null order by r.id desc limit ? offset ?`, [limit, offset]);
  }

  async byId(em: EntityManager, id: number): Promise<RaffleRow | null> {
    const [row] = await em.execute<RaffleRow[]>(`${RAFFLE_SELECT} where r.id = ?`, [id]);
    return row ?? null;
  }

  async exists(em: EntityManager, id: number): Promise<boolean> {
    return (await em.execute('select 1 from raffles where id = ?', [id])).length > 0;
  }

  /** The raffle's maintained totals, as a push reports them. */
  async totals(em: EntityManager, id: number): Promise<{ total: number; participants: number }> {
    const [row] = await em.execute<{ total: number; participants: number }[]>(
      'select total_entries as total, participants_count as participants from raffles where id = ?',
      [id],
    );
    return row ?? { total: 0, participants: 0 };
  }

  /** Standing winners of these raffles, in position order. */
  standingWinners(em: EntityManager, raffleIds: number[]): Promise<StandingWinnerRow[]> {
    return em.execute<StandingWinnerRow[]>(
      `select w.raffle_id, w.position, w.claim_deadline, w.claimed_at, u.id, u.username, u.kick_username, u.avatar_url
       from raffle_winners w join users u on u.id = w.user_id
       where w.raffle_id = any(?::int[]) and w.rerolled_at is null order by w.raffle_id, w.position`,
      [intArrayLiteral(raffleIds)],
    );
  }

  /** The viewer's own entry rows in these raffles. */
  viewerEntries(
    em: EntityManager,
    userId: number,
    raffleIds: number[],
  ): Promise<{ raffle_id: number; entry_type: RaffleEntryType; tickets: number }[]> {
    return em.execute(`select raffle_id, entry_type, tickets from raffle_entries where user_id = ? and raffle_id = any(?::int[])`, [
      userId,
      intArrayLiteral(raffleIds),
    ]);
  }

  /**
   * One page of the raffle's people, newest first (by first entry), optionally filtered by name. The page walks
   * raffle_participants' (raffle_id, first_entry_id) index, so its cost does not grow with the raffle. A search
   * that few members match starts from them instead (the trigram indexes on users find them), since walking the
   * raffle would read most of its people to fill a page.
   */
  async participantsPage(em: EntityManager, raffleId: number, query: ParticipantsPageQuery): Promise<ParticipantRow[]> {
    const params: unknown[] = [raffleId];
    let filter = '';
    if (query.after && query.order === 'newest') {
      filter += ' and p.first_entry_id < ?::bigint';
      params.push(query.after);
    } else if (query.after) {
      const [tickets, firstEntryId] = query.after.split('.');
      // The first bound starts the index walk at the cursor's ticket count; the second skips the ties already sent.
      filter += ' and p.tickets <= ?::int and (p.tickets < ?::int or p.first_entry_id > ?::bigint)';
      params.push(tickets, tickets, firstEntryId);
    }
    if (query.search) {
      const like = containsPattern(query.search);
      const found = await em.execute<{ id: number }[]>('select id from users where username ilike ? or kick_username ilike ? limit ?', [
        like,
        like,
        FEW_MATCHES + 1,
      ]);
      if (found.length <= FEW_MATCHES) {
        filter += ' and p.user_id = any(?::int[])';
        params.push(intArrayLiteral(found.map((u) => u.id)));
      } else {
        filter += ' and (u.username ilike ? or u.kick_username ilike ?)';
        params.push(like, like);
      }
    }
    return em.execute<ParticipantRow[]>(
      `select p.first_entry_id::text as first_entry_id, p.tickets, u.id, u.username, u.kick_username, u.avatar_url
       from raffle_participants p join users u on u.id = p.user_id
       where p.raffle_id = ?${filter} order by ${PARTICIPANT_ORDER[query.order]} limit ?`,
      [...params, query.limit],
    );
  }

  /** The entry rows of these members in the raffle (at most one per entry type each). */
  entryLines(em: EntityManager, raffleId: number, userIds: number[]): Promise<EntryLineRow[]> {
    return em.execute<EntryLineRow[]>(
      `select id::text as id, user_id, entry_type, tickets, multiplier, created_at from raffle_entries
       where raffle_id = ? and user_id = any(?::int[]) order by id`,
      [raffleId, intArrayLiteral(userIds)],
    );
  }

  /**
   * The raffle's tickets (its counter) and their weight as the v2 draw counts it: every ticket once, plus what subscriber
   * luck adds (tickets × (multiplier − 1)), read through the partial index of lucky rows only.
   */
  async weights(em: EntityManager, raffleId: number): Promise<RaffleWeights> {
    const [row] = await em.execute<{ total_tickets: number; luck: string }[]>(
      `select r.total_entries as total_tickets,
         coalesce((select sum(e.tickets::bigint * (e.multiplier - 1)) from raffle_entries e
                   where e.raffle_id = r.id and e.multiplier > 1), 0)::text as luck
       from raffles r where r.id = ?`,
      [raffleId],
    );
    const tickets = row?.total_tickets ?? 0;
    return { total_tickets: tickets, total_weight: tickets + Number(row?.luck ?? 0) };
  }

  /** The raffle's entry rows in entry order, a batch at a time from one snapshot (the CSV export). */
  entryRowsForExport(em: EntityManager, raffleId: number): AsyncGenerator<EntryExportRow[]> {
    return queryCursor<EntryExportRow>(em, RAFFLE_ENTRIES_EXPORT_SQL, [raffleId], EXPORT_CURSOR);
  }

  /** One page of entry rows, newest first. */
  entryRowsPage(em: EntityManager, raffleId: number, limit: number, offset: number): Promise<EntryRow[]> {
    return em.execute<EntryRow[]>(`${ENTRY_ROW_SELECT} where e.raffle_id = ? order by e.id desc limit ? offset ?`, [
      raffleId,
      limit,
      offset,
    ]);
  }

  /** Entry rows and tickets of a raffle, or null when there is no such raffle. */
  async entryTotals(em: EntityManager, raffleId: number): Promise<{ rows: number; tickets: number } | null> {
    const [row] = await em.execute<{ rows: number; tickets: number }[]>(
      'select (select count(*)::int from raffle_entries where raffle_id = r.id) as rows, r.total_entries as tickets from raffles r where r.id = ?',
      [raffleId],
    );
    return row ?? null;
  }

  async verifyHead(em: EntityManager, id: number): Promise<VerifyHead | null> {
    const [row] = await em.execute<VerifyHead[]>(
      'select seed, seed_hash, entries_hash, drawn_at, number_of_winners, draw_algorithm from raffles where id = ?',
      [id],
    );
    return row ?? null;
  }

  /** Standing and rerolled winners, rerolls in the order they happened. */
  winnerRecords(em: EntityManager, raffleId: number): Promise<WinnerRecord[]> {
    return em.execute<WinnerRecord[]>(
      'select position, user_id, draw_index, rerolled_at from raffle_winners where raffle_id = ? order by rerolled_at nulls last, id',
      [raffleId],
    );
  }

  /** The published entry list: ordered by entry id. */
  /**
   * The draw input in entry id order. v2 adds each entry's multiplier and the entries voided before the draw, marked
   * excluded; v1 lists the entry rows exactly as it always did.
   */
  async drawEntries(em: EntityManager, raffleId: number, algorithm: RaffleDrawAlgorithm): Promise<DrawEntry[]> {
    if (algorithm === RAFFLE_DRAW_ALGORITHM) {
      const rows = await em.execute<{ id: string; user_id: number; tickets: number }[]>(
        'select e.id::text as id, e.user_id, e.tickets from raffle_entries e where e.raffle_id = ? order by e.id',
        [raffleId],
      );
      return rows.map((r) => ({ entry_id: Number(r.id), user_id: r.user_id, tickets: r.tickets }));
    }
    const rows = await em.execute<{ id: string; user_id: number; tickets: number; multiplier: number; excluded: boolean }[]>(
      `select id::text as id, user_id, tickets, multiplier, excluded from (
         select e.id, e.user_id, e.tickets, e.multiplier, false as excluded from raffle_entries e where e.raffle_id = ?
         union all
         select v.entry_id, v.user_id, v.tickets, v.multiplier, true from raffle_entry_voids v where v.raffle_id = ?
       ) x order by x.id`,
      [raffleId, raffleId],
    );
    return rows.map((r) => ({
      entry_id: Number(r.id),
      user_id: r.user_id,
      tickets: r.tickets,
      multiplier: r.multiplier,
      excluded: r.excluded,
    }));
  }
}
