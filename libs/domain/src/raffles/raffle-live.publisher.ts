import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  LIVE_ROOM,
  RAFFLE_ENTRIES_PAGE,
  WINNERS_ROOM,
  pushedFirstEntryId,
  pushedPersonTickets,
  raffleRoom,
  toRaffleEntryPush,
  type RaffleEntry,
  type RaffleEntryPush,
  type RaffleUser,
} from '@kickback/contracts';
import { PushCoalescer, RealtimeEmitter, type PushMarks } from '@kickback/platform';
import { FeaturedRaffleService } from './featured-raffle.service';
import { RafflesQueryService } from './raffles-query.service';
import { RafflesRepository } from './raffles.repository';
import type { RaffleTotalsSeen } from './raffles-entries.repository';
import { pendingItem, pushedRowsOf } from './pending-push-rows';

/**
 * Live raffle pushes to room raffle:{id}. Entries are coalesced by the shared PushCoalescer, so every api
 * replica shares one window per room: each entry joins the room's pending list, and one flush per window
 * sends the raffle's totals with the newest page of them (what a viewer's first page shows), however many
 * changed: a push costs each viewer the same at 50 entries a second as at 5,000, and a list that shows more
 * reads it by cursor. The totals are the highest counters any entry statement reported (the
 * coalescer's marks), so the flush reads nothing from the database on its way to the viewers. A flush that fails
 * puts its entries back for the next window.
 */
@Injectable()
export class RaffleLivePublisher {
  private readonly logger = new Logger(RaffleLivePublisher.name);

  constructor(
    private readonly em: EntityManager,
    private readonly raffles: RafflesRepository,
    private readonly pushes: PushCoalescer,
    private readonly realtime: RealtimeEmitter,
    private readonly query: RafflesQueryService,
    private readonly featured: FeaturedRaffleService,
  ) {}

  entryChanged(raffleId: number, entry: ChangedEntry, totals: RaffleTotalsSeen): Promise<void> {
    return this.entriesChanged(raffleId, [entry], totals);
  }

  /**
   * Each entry comes with the member's place in the entry list's orders (first entry, tickets held); totals: the
   * raffle's counters as the statement that wrote these entries left them. Never fails its caller: the entries are
   * committed by then, and a push lost while Redis is down must not turn them into errors (a failed batch would be
   * retried and each member told they had already entered). The next push carries totals that count them.
   */
  async entriesChanged(raffleId: number, entries: ChangedEntry[], totals: RaffleTotalsSeen): Promise<void> {
    const items = [
      pendingItem(entries.map(({ entry, firstEntryId, personTickets }) => toRaffleEntryPush(entry, firstEntryId, personTickets))),
    ];
    const marks: PushMarks = { [TOTAL]: totals.total_entries, [PARTICIPANTS]: totals.participants_count };
    try {
      await this.pushes.request(raffleRoom(raffleId), (pending, highs) => this.flush(raffleId, pending, highs), items, marks);
    } catch (err) {
      this.logger.warn({ err, raffleId }, 'raffle entries push lost');
    }
  }

  /** The whole raffle changed (started, edited, cancelled, drawn): one push with the public view. */
  async statusChanged(raffleId: number): Promise<void> {
    const raffle = await this.query.get(raffleId, null);
    this.realtime.toRoom(raffleRoom(raffleId), 'raffle:status', { raffle_id: raffleId, raffle });
    this.listChanged(raffleId);
  }

  /**
   * The admins' raffle lists (Raffles, Go live) read their page again: a raffle was created or changed. Any such change
   * can move what is on stream, so the raffle overlays are told too (never failing the caller, whose change is committed).
   */
  listChanged(raffleId: number): void {
    this.realtime.toRoom(LIVE_ROOM, 'admin:changed', { section: 'raffles', id: raffleId });
    this.featured.announce().catch((err) => this.logger.warn({ err, raffleId }, 'raffle on stream push lost'));
  }

  drawn(raffleId: number, winners: RaffleUser[], seed: string): void {
    this.realtime.toRoom([raffleRoom(raffleId), WINNERS_ROOM], 'raffle:drawn', { raffle_id: raffleId, winners, seed });
  }

  private async flush(raffleId: number, items: string[], marks: PushMarks): Promise<void> {
    // A points row can change several times in one window; the latest state wins.
    const byId = new Map<number, RaffleEntryPush>();
    for (const item of items)
      for (const entry of pushedRowsOf(item)) {
        const seen = byId.get(entry[0]);
        if (!seen || seen[2] <= entry[2]) byId.set(entry[0], entry);
      }
    const changed = [...byId.values()];
    const sent = new Set([...firstPage(changed, newestFirst), ...firstPage(changed, mostTicketsFirst)]);
    const totals = await this.totals(raffleId, marks);
    this.realtime.toRoom(raffleRoom(raffleId), 'raffle:entries', {
      raffle_id: raffleId,
      total_entries: totals.total,
      participants_count: totals.participants,
      entries: [...sent].sort((a, b) => a[0] - b[0]),
      omitted: changed.length - sent.size,
    });
    // The admins' lists count entries of every open raffle without joining each raffle's room.
    this.realtime.toRoom(LIVE_ROOM, 'admin:raffle-totals', {
      raffle_id: raffleId,
      total_entries: totals.total,
      participants_count: totals.participants,
    });
  }

  /** The marks; the raffle row's counters only when they are missing (expired with no entry for a minute). */
  private async totals(raffleId: number, marks: PushMarks): Promise<{ total: number; participants: number }> {
    const total = marks[TOTAL];
    const participants = marks[PARTICIPANTS];
    if (total !== undefined && participants !== undefined) return { total, participants };
    return this.raffles.totals(this.em.fork(), raffleId);
  }
}

/** An entry as written, with the member's first entry id and tickets held in the raffle after it. */
export interface ChangedEntry {
  entry: RaffleEntry;
  firstEntryId: number;
  personTickets: number;
}

/** The entry list's orders over push rows (a member's rows sit together in both). */
const newestFirst = (a: RaffleEntryPush, b: RaffleEntryPush) => pushedFirstEntryId(b) - pushedFirstEntryId(a) || b[0] - a[0];
const mostTicketsFirst = (a: RaffleEntryPush, b: RaffleEntryPush) =>
  pushedPersonTickets(b) - pushedPersonTickets(a) || pushedFirstEntryId(a) - pushedFirstEntryId(b) || b[0] - a[0];

const firstPage = (rows: RaffleEntryPush[], order: (a: RaffleEntryPush, b: RaffleEntryPush) => number) =>
  [...rows].sort(order).slice(0, RAFFLE_ENTRIES_PAGE);

const TOTAL = 'total_entries';
const PARTICIPANTS = 'participants_count';
