import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { GroupCommit } from '@kickback/platform';
import type { RaffleEntry } from '@kickback/contracts';
import { RaffleLivePublisher, type ChangedEntry } from './raffle-live.publisher';
import { toRaffleEntry } from './raffle-rows';
import { RafflesEntriesRepository } from './raffles-entries.repository';

interface Entering {
  userId: number;
  raffleId: number;
}

/**
 * Free entries of every member entering within the same moment, written by one statement
 * (group commit): during a stream burst thousands of viewers enter in the same minute, and one
 * round trip, plan and commit per batch instead of per entry is what lets one api process keep up.
 *
 * Batching, the batches in flight and the retry of a failed batch member by member are GroupCommit's
 * (a lone entry goes alone; batches only form while earlier ones are in flight). A batch holds one raffle, so its
 * statement updates one raffle row (the counters) once; rows are inserted in member order so two
 * batches holding the same member can only wait for each other one way (no deadlock); the same
 * member twice among the waiting entries goes in another batch (which may run alongside) and
 * meets the unique index like any second entry.
 *
 * The statement writes only what RaffleEntryService's explaining path would accept: a member
 * without a Kick username, a raffle that is closed or has no free entry, or a second free entry
 * simply gets no row back, and the caller runs that path to say why.
 */
@Injectable()
export class FreeEntryBatcher {
  private readonly batches = new GroupCommit<Entering, RaffleEntry | null>({
    write: (batch) => this.write(batch),
    take: nextBatch,
  });

  constructor(
    private readonly em: EntityManager,
    private readonly entries: RafflesEntriesRepository,
    private readonly live: RaffleLivePublisher,
  ) {}

  /** The new entry (already queued for the room's push), or null when the batch wrote nothing for this member. */
  enter(userId: number, raffleId: number): Promise<RaffleEntry | null> {
    return this.batches.submit({ userId, raffleId });
  }

  private async write(batch: Entering[]): Promise<(RaffleEntry | null)[]> {
    const raffleId = batch[0]!.raffleId;
    const rows = await this.entries.insertFreeBatch(
      this.em.fork(),
      raffleId,
      batch.map((w) => w.userId),
    );
    const written = new Map<number, ChangedEntry>();
    for (const row of rows)
      written.set(row.id, {
        entry: toRaffleEntry({
          entry_id: row.entry_id,
          entry_type: 'passwordless',
          tickets: row.tickets,
          points_spent: '0',
          created_at: row.created_at,
          id: row.id,
          username: row.username,
          kick_username: row.kick_username,
          avatar_url: row.avatar_url,
        }),
        firstEntryId: Number(row.first_entry_id),
        personTickets: row.person_tickets,
      });
    // Answered only once the push is queued, as for every other entry.
    // Every row of the statement saw the same counters (its one update of the raffle row).
    if (rows[0]) await this.live.entriesChanged(raffleId, [...written.values()], rows[0]);
    return batch.map((w) => written.get(w.userId)?.entry ?? null);
  }
}

/**
 * Up to maxBatch waiting entries of the raffle first in line, one per member, in member order; repeats and other
 * raffles' entries stay waiting for another batch.
 */
function nextBatch(waiting: readonly Entering[], maxBatch: number): Entering[] {
  const batch: Entering[] = [];
  const members = new Set<number>();
  const raffleId = waiting[0]!.raffleId;
  for (const w of waiting) {
    if (batch.length === maxBatch) break;
    if (w.raffleId !== raffleId || members.has(w.userId)) continue;
    members.add(w.userId);
    batch.push(w);
  }
  return batch.sort((a, b) => a.userId - b.userId);
}
