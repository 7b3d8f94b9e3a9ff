import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  computeWinners,
  entriesHash,
  type DrawnWinner,
  type Raffle,
  type RaffleEntriesCursor,
  type RaffleEntriesQuery,
  type RaffleEntryLine,
  type RaffleParticipant,
  type RaffleWeights,
  type RaffleUser,
  type RaffleVerification,
  type RaffleWinnerClaim,
} from '@kickback/contracts';
import { notFound, isoOrNull } from '@kickback/platform';
import { NO_USER_ENTRIES, toRaffle, toRaffleUser, type RaffleRow } from './raffle-rows';
import { RafflesRepository } from './raffles.repository';

export const raffleNotFound = () => notFound('Raffle not found');

/** Read side of raffles: the public list, one raffle, its entrants and the verification data. */
@Injectable()
export class RafflesQueryService {
  constructor(
    private readonly em: EntityManager,
    private readonly raffles: RafflesRepository,
  ) {}

  async list(viewerId: number | null, options: { includeCancelled?: boolean } = {}): Promise<Raffle[]> {
    const em = this.em.fork();
    return this.assemble(em, await this.raffles.list(em, options.includeCancelled ?? false), viewerId);
  }

  async get(id: number, viewerId: number | null): Promise<Raffle> {
    const em = this.em.fork();
    const row = await this.raffles.byId(em, id);
    if (!row) throw raffleNotFound();
    return (await this.assemble(em, [row], viewerId))[0];
  }

  /**
   * One page of the entry list: people in the order asked for (most tickets or newest first), each with their entry
   * rows and ticket total (SPEC §5 groups per person), and the cursor of the next page. Two index walks whatever the
   * raffle's size.
   */
  async entries(
    id: number,
    query: RaffleEntriesQuery,
  ): Promise<{ data: RaffleParticipant[]; cursor: RaffleEntriesCursor; weights: RaffleWeights | null }> {
    const em = this.em.fork();
    if (!(await this.raffles.exists(em, id))) throw raffleNotFound();
    const people = await this.raffles.participantsPage(em, id, {
      order: query.order,
      after: query.cursor ?? null,
      limit: query.limit + 1,
      search: query.search,
    });
    const page = people.slice(0, query.limit);
    const lines = page.length
      ? await this.raffles.entryLines(
          em,
          id,
          page.map((p) => p.id),
        )
      : [];
    const byUser = new Map<number, RaffleEntryLine[]>();
    const weightOf = new Map<number, number>();
    for (const line of lines) {
      weightOf.set(line.user_id, (weightOf.get(line.user_id) ?? 0) + line.tickets * line.multiplier);
      const entry: RaffleEntryLine = {
        id: Number(line.id),
        entry_type: line.entry_type,
        tickets: line.tickets,
        created_at: new Date(line.created_at).toISOString(),
      };
      byUser.set(line.user_id, [...(byUser.get(line.user_id) ?? []), entry]);
    }
    const data = page.map((person): RaffleParticipant => {
      const entries = byUser.get(person.id) ?? [];
      const tickets = entries.reduce((sum, e) => sum + e.tickets, 0);
      return {
        user: toRaffleUser(person),
        tickets,
        entered_at: entries[0]?.created_at ?? new Date(0).toISOString(),
        entries,
        multiplier: tickets > 0 ? (weightOf.get(person.id) ?? tickets) / tickets : 1,
      };
    });
    const last = page[page.length - 1];
    const next =
      people.length > query.limit && last
        ? query.order === 'newest'
          ? last.first_entry_id
          : `${last.tickets}.${last.first_entry_id}`
        : null;
    // The first page carries the raffle's weights; later pages keep the list's first read.
    const weights = query.cursor ? null : await this.raffles.weights(em, id);
    return { data, cursor: { next, limit: query.limit }, weights };
  }

  async verify(id: number): Promise<RaffleVerification> {
    const em = this.em.fork();
    const raffle = await this.raffles.verifyHead(em, id);
    if (!raffle) throw raffleNotFound();
    const base = {
      raffle_id: id,
      algorithm: raffle.draw_algorithm,
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
    const entries = await this.raffles.drawEntries(em, id, raffle.draw_algorithm);
    const winnerRows = await this.raffles.winnerRecords(em, id);
    const rerolled = winnerRows.filter((w) => w.rerolled_at).map((w) => w.position);
    const winners: DrawnWinner[] = winnerRows
      .filter((w) => !w.rerolled_at)
      .map((w) => ({ position: w.position, user_id: w.user_id, draw_index: w.draw_index }))
      .sort((a, b) => a.position - b.position);
    const recomputed = computeWinners(raffle.seed, entries, raffle.number_of_winners, rerolled, raffle.draw_algorithm);
    const hash = entriesHash(entries, raffle.draw_algorithm);
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

  async assemble(em: EntityManager, rows: RaffleRow[], viewerId: number | null): Promise<Raffle[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const winners = await this.raffles.standingWinners(em, ids);
    const byRaffle = new Map<number, RaffleUser[]>();
    const claims = new Map<number, RaffleWinnerClaim[]>();
    for (const w of winners) {
      byRaffle.set(w.raffle_id, [...(byRaffle.get(w.raffle_id) ?? []), toRaffleUser(w)]);
      const claim: RaffleWinnerClaim = {
        position: w.position,
        user_id: w.id,
        claim_deadline: isoOrNull(w.claim_deadline),
        claimed_at: isoOrNull(w.claimed_at),
      };
      claims.set(w.raffle_id, [...(claims.get(w.raffle_id) ?? []), claim]);
    }
    const mine = new Map<number, Raffle['user_entries']>();
    if (viewerId) {
      for (const e of await this.raffles.viewerEntries(em, viewerId, ids)) {
        const current = { ...(mine.get(e.raffle_id) ?? NO_USER_ENTRIES) };
        if (e.entry_type === 'passwordless') current.passwordless = true;
        if (e.entry_type === 'password') current.password = true;
        if (e.entry_type === 'points') current.points_tickets = e.tickets;
        mine.set(e.raffle_id, current);
      }
    }
    const now = Date.now();
    return rows.map((row) => toRaffle(row, byRaffle.get(row.id) ?? [], mine.get(row.id) ?? NO_USER_ENTRIES, now, claims.get(row.id)));
  }
}
