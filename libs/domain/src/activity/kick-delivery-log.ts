import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { KICK_EVENT_SUBSCRIPTIONS, type ActivityDelivery } from '@kickback/contracts';
import { InjectRedis } from '@kickback/platform';

const DELIVERIES_KEY = 'activity:deliveries';
const DELIVERIES_KEPT = 100;
/** Per event type: the newest delivery's time. */
const LAST_KEY = 'activity:deliveries:last';
/** Per event type, result class and minute: a counter kept two hours, so the last hour can always be summed. */
const minuteKey = (type: string, kind: 'all' | 'failed', minute: number) => `activity:deliveries:${kind}:${type}:${minute}`;
const MINUTE_KEPT_SECONDS = 2 * 3600;
/** Answers Kick counts as failed deliveries: we refused them. */
const REFUSED = new Set(['bad-signature', 'malformed']);
const KNOWN_TYPES = new Set<string>(KICK_EVENT_SUBSCRIPTIONS);

export interface DeliveryStats {
  last_delivery_at: string | null;
  deliveries_last_hour: number;
  failures_last_hour: number;
}

/**
 * The short list of recent deliveries the admin Activity section shows, newest first. Deliveries answered in the same
 * moment are written by one round trip; each answer still waits for its line, so the panel never lags an answer.
 */
@Injectable()
export class KickDeliveryLog {
  private pending: { entry: ActivityDelivery; done: (err?: unknown) => void }[] = [];

  constructor(@InjectRedis() private readonly redis: Redis) {}

  record(entry: ActivityDelivery): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.pending.length) setImmediate(() => void this.flush());
      this.pending.push({ entry, done: (err) => (err ? reject(err) : resolve()) });
    });
  }

  async recent(limit = 50): Promise<ActivityDelivery[]> {
    const rows = await this.redis.lrange(DELIVERIES_KEY, 0, limit - 1);
    return rows.map((row) => JSON.parse(row) as ActivityDelivery);
  }

  /** Per event type: the newest delivery and the last hour's deliveries and refusals (the admin's view of Kick). */
  async stats(types: readonly string[], now = Date.now()): Promise<Map<string, DeliveryStats>> {
    const minute = Math.floor(now / 60_000);
    const minutes = Array.from({ length: 60 }, (_, i) => minute - i);
    const keys = types.flatMap((type) => (['all', 'failed'] as const).flatMap((kind) => minutes.map((m) => minuteKey(type, kind, m))));
    const [last, counts] = await Promise.all([
      types.length ? this.redis.hmget(LAST_KEY, ...types) : Promise.resolve([]),
      keys.length ? this.redis.mget(...keys) : Promise.resolve([]),
    ]);
    const sum = (from: number) => counts.slice(from, from + 60).reduce((total, n) => total + Number(n ?? 0), 0);
    return new Map(
      types.map((type, i) => [
        type,
        { last_delivery_at: last[i] ?? null, deliveries_last_hour: sum(i * 120), failures_last_hour: sum(i * 120 + 60) },
      ]),
    );
  }

  /** The newest delivery of any type, or null. */
  async lastAny(): Promise<string | null> {
    const all = Object.values(await this.redis.hgetall(LAST_KEY));
    return all.length ? all.reduce((a, b) => (a > b ? a : b)) : null;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const multi = this.redis
        .multi()
        .lpush(DELIVERIES_KEY, ...batch.map((p) => JSON.stringify(p.entry)))
        .ltrim(DELIVERIES_KEY, 0, DELIVERIES_KEPT - 1);
      const counts = new Map<string, number>();
      const newest = new Map<string, string>();
      for (const { entry } of batch) {
        // The type header of a refused delivery is anyone's text: only the events we subscribe get counters.
        if (!KNOWN_TYPES.has(entry.type)) continue;
        const minute = Math.floor(Date.parse(entry.received_at) / 60_000);
        for (const kind of REFUSED.has(entry.result) ? (['all', 'failed'] as const) : (['all'] as const)) {
          const key = minuteKey(entry.type, kind, minute);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        if ((newest.get(entry.type) ?? '') < entry.received_at) newest.set(entry.type, entry.received_at);
      }
      for (const [key, n] of counts) multi.incrby(key, n).expire(key, MINUTE_KEPT_SECONDS);
      if (newest.size) multi.hset(LAST_KEY, Object.fromEntries(newest));
      await multi.exec();
      for (const p of batch) p.done();
    } catch (err) {
      for (const p of batch) p.done(err);
    }
  }
}
