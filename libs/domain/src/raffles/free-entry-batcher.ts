import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { RaffleEntry } from '@kickback/contracts';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { RAFFLE_OPEN_SQL, toRaffleEntry, type UserRow } from './raffle-rows';

/** Batches in flight at once: enough to keep PostgreSQL busy while the next batch gathers. */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 250;

interface Waiting {
  userId: number;
  raffleId: number;
  resolve: (entry: RaffleEntry | null) => void;
  reject: (err: unknown) => void;
}

interface BatchRow extends UserRow {
  entry_id: string;
  raffle_id: number;
  tickets: number;
  created_at: Date;
}

/**
 * Free entries of every member entering within the same moment, written by one statement
 * (group commit): during a stream burst thousands of viewers enter in the same minute, and one
 * round trip, plan and commit per batch instead of per entry is what lets one api process keep up.
 *
 * Nothing waits for a timer: a batch leaves as soon as a slot is free, so a lone entry goes
 * alone and batches only form while earlier ones are in flight. Rows are inserted in
 * (raffle, member) order so two batches holding the same member can only wait for each other
 * one way (no deadlock); the same member twice among the waiting entries goes in another batch
 * (which may run alongside) and meets the unique index like any second entry.
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

  /** Up to MAX_BATCH waiting entries, one per (raffle, member); repeats stay waiting for another batch. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const keys = new Set<string>();
    for (const w of this.waiting) {
      const key = `${w.raffleId}:${w.userId}`;
      if (batch.length < MAX_BATCH && !keys.has(key)) {
        keys.add(key);
        batch.push(w);
      } else rest.push(w);
    }
    this.waiting = rest;
    return batch.sort((a, b) => a.raffleId - b.raffleId || a.userId - b.userId);
  }

  private async write(batch: Waiting[]): Promise<void> {
    // PostgreSQL array literals: knex would expand a JS array into a value list.
    const userIds = `{${batch.map((w) => w.userId).join(',')}}`;
    const raffleIds = `{${batch.map((w) => w.raffleId).join(',')}}`;
    const rows = await this.em.fork().execute<BatchRow[]>(
      `with req as (
         select * from unnest(?::int[], ?::int[]) with ordinality as t(user_id, raffle_id, ord)
       ), u as (
         select req.ord, req.raffle_id, u.id, u.username, u.kick_username, u.avatar_url
         from req join users u on u.id = req.user_id
         where nullif(trim(u.kick_username), '') is not null
       ), e as (
         insert into raffle_entries (raffle_id, user_id, entry_type, tickets)
         select r.id, u.id, 'passwordless', 1 from u join raffles r on r.id = u.raffle_id
         where r.allow_passwordless and ${RAFFLE_OPEN_SQL}
         order by u.ord
         for key share of r
         on conflict (raffle_id, user_id) where entry_type = 'passwordless' do nothing
         returning id, raffle_id, user_id, tickets, created_at
       ), o as (
         insert into outbox_events (type, payload)
         select 'raffle.entered', jsonb_build_object('raffleId', e.raffle_id, 'userId', e.user_id, 'entryId', e.id,
                'entryType', 'passwordless', 'tickets', 1, 'pointsSpent', 0)
         from e order by e.id
       )
       select e.id::text as entry_id, e.raffle_id, e.tickets, e.created_at, u.id, u.username, u.kick_username, u.avatar_url
       from e join u on u.id = e.user_id and u.raffle_id = e.raffle_id`,
      [userIds, raffleIds],
    );
    const written = new Map<string, RaffleEntry>();
    const byRaffle = new Map<number, RaffleEntry[]>();
    for (const row of rows) {
      const entry = toRaffleEntry({ ...row, entry_type: 'passwordless', points_spent: '0' });
      written.set(`${row.raffle_id}:${row.id}`, entry);
      const list = byRaffle.get(row.raffle_id);
      if (list) list.push(entry);
      else byRaffle.set(row.raffle_id, [entry]);
    }
    // Answered only once the push is queued, as for every other entry.
    await Promise.all([...byRaffle].map(([raffleId, entries]) => this.live.entriesChanged(raffleId, entries)));
    for (const w of batch) w.resolve(written.get(`${w.raffleId}:${w.userId}`) ?? null);
  }
}
