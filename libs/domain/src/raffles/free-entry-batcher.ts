import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { RaffleEntry } from '@kickback/contracts';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { toRaffleEntry } from './raffle-rows';
import { RafflesEntriesRepository } from './raffles-entries.repository';

/** Batches in flight at once: enough to keep PostgreSQL busy while the next batch gathers. */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 250;

interface Waiting {
  userId: number;
  raffleId: number;
  resolve: (entry: RaffleEntry | null) => void;
  reject: (err: unknown) => void;
}

/**
 * Free entries of every member entering within the same moment, written by one statement
 * (group commit): during a stream burst thousands of viewers enter in the same minute, and one
 * round trip, plan and commit per batch instead of per entry is what lets one api process keep up.
 *
 * Nothing waits for a timer: a batch leaves as soon as a slot is free, so a lone entry goes
 * alone and batches only form while earlier ones are in flight. A batch holds one raffle, so its
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
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly em: EntityManager,
    private readonly entries: RafflesEntriesRepository,
    private readonly live: RaffleLivePublisher,
  ) {}

  /** The new entry (already queued for the room's push), or null when the batch wrote nothing for this member. */
  enter(userId: number, raffleId: number): Promise<RaffleEntry | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ userId, raffleId, resolve, reject });
      // Requests that finished their middleware in the same turn of the event loop leave together.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.drain();
        });
      }
    });
  }

  private drain(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.take();
      this.inFlight++;
      this.writeOrSplit(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  /**
   * A batch that fails is retried member by member, so one member's failure (a row the statement
   * cannot take) is that member's answer alone and never another's.
   */
  private async writeOrSplit(batch: Waiting[]): Promise<void> {
    try {
      await this.write(batch);
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      for (const w of batch) await this.write([w]).catch((alone: unknown) => w.reject(alone));
    }
  }

  /**
   * Up to MAX_BATCH waiting entries of the raffle first in line, one per member; repeats and other raffles' entries
   * stay waiting for another batch.
   */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const members = new Set<number>();
    const raffleId = this.waiting[0]!.raffleId;
    for (const w of this.waiting) {
      if (w.raffleId === raffleId && batch.length < MAX_BATCH && !members.has(w.userId)) {
        members.add(w.userId);
        batch.push(w);
      } else rest.push(w);
    }
    this.waiting = rest;
    return batch.sort((a, b) => a.userId - b.userId);
  }

  private async write(batch: Waiting[]): Promise<void> {
    const raffleId = batch[0]!.raffleId;
    const rows = await this.entries.insertFreeBatch(
      this.em.fork(),
      raffleId,
      batch.map((w) => w.userId),
    );
    const written = new Map<number, { entry: RaffleEntry; firstEntryId: number }>();
    for (const row of rows)
      written.set(row.id, {
        entry: toRaffleEntry({ ...row, entry_type: 'passwordless', points_spent: '0' }),
        firstEntryId: Number(row.first_entry_id),
      });
    // Answered only once the push is queued, as for every other entry.
    if (written.size) await this.live.entriesChanged(raffleId, [...written.values()]);
    for (const w of batch) w.resolve(written.get(w.userId)?.entry ?? null);
  }
}
