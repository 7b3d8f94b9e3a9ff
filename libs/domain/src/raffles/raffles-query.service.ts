import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  RAFFLE_DRAW_ALGORITHM,
  computeWinners,
  entriesHash,
  type DrawEntry,
  type DrawnWinner,
  type Raffle,
  type RaffleEntry,
  type RaffleUser,
  type RaffleVerification,
} from '@kickback/contracts';
import { notFound } from '@kickback/platform';
import {
  NO_USER_ENTRIES,
  RAFFLE_SELECT,
  toRaffle,
  toRaffleEntry,
  toRaffleUser,
  type EntryRow,
  type RaffleRow,
  type UserRow,
} from './raffle-rows';

export const raffleNotFound = () => notFound('Raffle not found');

/** Read side of raffles: the public list, one raffle, its entries and the verification data. */
@Injectable()
export class RafflesQueryService {
  constructor(private readonly em: EntityManager) {}

  async list(viewerId: number | null, options: { includeCancelled?: boolean } = {}): Promise<Raffle[]> {
    const em = this.em.fork();
    const rows = await em.execute<RaffleRow[]>(
      `${RAFFLE_SELECT} ${options.includeCancelled ? '' : 'where r.cancelled_at is null'}
       order by (r.drawn_at is null and r.ends_at > now()) desc, case when r.ends_at > now() then r.ends_at end asc, r.ends_at desc limit 200`,
    );
    return this.assemble(em, rows, viewerId);
  }

  async get(id: number, viewerId: number | null): Promise<Raffle> {
    const em = this.em.fork();
    const rows = await em.execute<RaffleRow[]>(`${RAFFLE_SELECT} where r.id = ?`, [id]);
    if (!rows.length) throw raffleNotFound();
    return (await this.assemble(em, rows, viewerId))[0];
  }

  async entries(id: number): Promise<RaffleEntry[]> {
    const em = this.em.fork();
    const exists = await em.execute('select 1 from raffles where id = ?', [id]);
    if (!exists.length) throw raffleNotFound();
    const rows = await em.execute<EntryRow[]>(
      `select e.id::text as entry_id, e.entry_type, e.tickets, e.points_spent::text as points_spent, e.created_at,
              u.id, u.username, u.kick_username, u.avatar_url
       from raffle_entries e join users u on u.id = e.user_id where e.raffle_id = ? order by e.id`,
      [id],
    );
    return rows.map(toRaffleEntry);
  }

  async verify(id: number): Promise<RaffleVerification> {
    const em = this.em.fork();
    const [raffle] = await em.execute<
      { seed: string; seed_hash: string; entries_hash: string | null; drawn_at: Date | null; number_of_winners: number }[]
    >('select seed, seed_hash, entries_hash, drawn_at, number_of_winners from raffles where id = ?', [id]);
    if (!raffle) throw raffleNotFound();
    const base = {
      raffle_id: id,
      algorithm: RAFFLE_DRAW_ALGORITHM,
      seed_hash: raffle.seed_hash,
      number_of_winners: raffle.number_of_winners,
    };
    if (!raffle.drawn_at)
      return {
        ...base,
        seed: null,
        drawn: false,
        entries: [],
        entries_hash: null,
        rerolled_positions: [],
        winners: [],
        recomputed_winners: [],
        matches: false,
      };
    const entries = await this.drawEntries(em, id);
    const winnerRows = await em.execute<{ position: number; user_id: number; draw_index: number; rerolled_at: Date | null }[]>(
      'select position, user_id, draw_index, rerolled_at from raffle_winners where raffle_id = ? order by rerolled_at nulls last, id',
      [id],
    );
    const rerolled = winnerRows.filter((w) => w.rerolled_at).map((w) => w.position);
    const winners: DrawnWinner[] = winnerRows
      .filter((w) => !w.rerolled_at)
      .map((w) => ({ position: w.position, user_id: w.user_id, draw_index: w.draw_index }))
      .sort((a, b) => a.position - b.position);
    const recomputed = computeWinners(raffle.seed, entries, raffle.number_of_winners, rerolled);
    const hash = entriesHash(entries);
    return {
      ...base,
      seed: raffle.seed,
      drawn: true,
      entries,
      entries_hash: raffle.entries_hash,
      rerolled_positions: rerolled,
      winners,
      recomputed_winners: recomputed,
      matches: hash === raffle.entries_hash && JSON.stringify(recomputed) === JSON.stringify(winners),
    };
  }

  /** The published entry list: ordered by entry id. */
  async drawEntries(em: EntityManager, raffleId: number): Promise<DrawEntry[]> {
    const rows = await em.execute<{ id: string; user_id: number; tickets: number }[]>(
      'select e.id::text as id, e.user_id, e.tickets from raffle_entries e where e.raffle_id = ? order by e.id',
      [raffleId],
    );
    return rows.map((r) => ({ entry_id: Number(r.id), user_id: r.user_id, tickets: r.tickets }));
  }

  async assemble(em: EntityManager, rows: RaffleRow[], viewerId: number | null): Promise<Raffle[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const winners = await em.execute<(UserRow & { raffle_id: number })[]>(
      `select w.raffle_id, u.id, u.username, u.kick_username, u.avatar_url
       from raffle_winners w join users u on u.id = w.user_id
       where w.raffle_id in (?) and w.rerolled_at is null order by w.raffle_id, w.position`,
      [ids],
    );
    const byRaffle = new Map<number, RaffleUser[]>();
    for (const w of winners) byRaffle.set(w.raffle_id, [...(byRaffle.get(w.raffle_id) ?? []), toRaffleUser(w)]);
    const mine = new Map<number, Raffle['user_entries']>();
    if (viewerId) {
      const entries = await em.execute<{ raffle_id: number; entry_type: string; tickets: number }[]>(
        'select raffle_id, entry_type, tickets from raffle_entries where user_id = ? and raffle_id in (?)',
        [viewerId, ids],
      );
      for (const e of entries) {
        const current = { ...(mine.get(e.raffle_id) ?? NO_USER_ENTRIES) };
        if (e.entry_type === 'passwordless') current.passwordless = true;
        if (e.entry_type === 'password') current.password = true;
        if (e.entry_type === 'points') current.points_tickets = e.tickets;
        mine.set(e.raffle_id, current);
      }
    }
    const now = Date.now();
    return rows.map((row) => toRaffle(row, byRaffle.get(row.id) ?? [], mine.get(row.id) ?? NO_USER_ENTRIES, now));
  }
}
