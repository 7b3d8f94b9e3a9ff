import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { WINNERS_ROOM, toRaffleEntryPush, type RaffleEntry, type RaffleEntryPush, type RaffleUser } from '@kickback/contracts';
import { InjectRedis, RealtimeEmitter } from '@kickback/platform';
import { RafflesQueryService } from './raffles-query.service';

/** The coalescing window: at most one entries push per room per window (4 a second). */
export const RAFFLE_PUSH_WINDOW_MS = 250;
/** If the process holding a window dies before flushing, another may open one after this. */
const GATE_TTL_MS = 2000;

const pendingKey = (raffleId: number) => `raffle:live:${raffleId}:pending`;
const gateKey = (raffleId: number) => `raffle:live:${raffleId}:gate`;

/**
 * Live raffle pushes to room raffle:{id}. Entries are coalesced through Redis so every api
 * replica shares one window per room: each entry is appended to a pending list, and the
 * process that opens the window (SET NX) flushes the list once the window has passed.
 * Flushing deletes the list and the gate in one MULTI, so an entry added afterwards opens
 * the next window: nothing is lost and pushes stay at least one window apart.
 */
@Injectable()
export class RaffleLivePublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(RaffleLivePublisher.name);
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly realtime: RealtimeEmitter,
    private readonly query: RafflesQueryService,
  ) {}

  entryChanged(raffleId: number, entry: RaffleEntry): Promise<void> {
    return this.entriesChanged(raffleId, [entry]);
  }

  async entriesChanged(raffleId: number, entries: RaffleEntry[]): Promise<void> {
    const results = await this.redis
      .multi()
      .rpush(pendingKey(raffleId), ...entries.map((entry) => JSON.stringify(toRaffleEntryPush(entry))))
      .pexpire(pendingKey(raffleId), 60_000)
      .set(gateKey(raffleId), '1', 'PX', GATE_TTL_MS, 'NX')
      .exec();
    if (results?.[2]?.[1] === 'OK') this.schedule(raffleId);
  }

  /** The whole raffle changed (started, edited, cancelled, drawn): one push with the public view. */
  async statusChanged(raffleId: number): Promise<void> {
    const raffle = await this.query.get(raffleId, null);
    this.realtime.toRoom(`raffle:${raffleId}`, 'raffle:status', { raffle_id: raffleId, raffle });
  }

  drawn(raffleId: number, winners: RaffleUser[], seed: string): void {
    this.realtime.toRoom([`raffle:${raffleId}`, WINNERS_ROOM], 'raffle:drawn', { raffle_id: raffleId, winners, seed });
  }

  async flush(raffleId: number): Promise<void> {
    const results = await this.redis.multi().lrange(pendingKey(raffleId), 0, -1).del(pendingKey(raffleId)).del(gateKey(raffleId)).exec();
    const items = (results?.[0]?.[1] as string[] | undefined) ?? [];
    // A points row can change several times in one window; the latest state wins.
    const byId = new Map<number, RaffleEntryPush>();
    for (const item of items) {
      const entry = JSON.parse(item) as RaffleEntryPush;
      const seen = byId.get(entry[0]);
      if (!seen || seen[2] <= entry[2]) byId.set(entry[0], entry);
    }
    let totals: { total: number; participants: number };
    try {
      [totals] = await this.em
        .fork()
        .execute<{ total: number; participants: number }[]>(
          'select coalesce(sum(tickets), 0)::int as total, count(distinct user_id)::int as participants from raffle_entries where raffle_id = ?',
          [raffleId],
        );
    } catch (err) {
      // Put the taken entries back so the next window delivers them.
      if (items.length) for (const item of items) await this.redis.rpush(pendingKey(raffleId), item);
      if ((await this.redis.set(gateKey(raffleId), '1', 'PX', GATE_TTL_MS, 'NX')) === 'OK') this.schedule(raffleId);
      throw err;
    }
    this.realtime.toRoom(`raffle:${raffleId}`, 'raffle:entries', {
      raffle_id: raffleId,
      total_entries: totals.total,
      participants_count: totals.participants,
      entries: [...byId.values()].sort((a, b) => a[0] - b[0]),
    });
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(raffleId: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.flush(raffleId).catch((err: unknown) => this.logger.error({ err, raffleId }, 'raffle entries push failed'));
    }, RAFFLE_PUSH_WINDOW_MS);
    this.timers.add(timer);
  }
}
