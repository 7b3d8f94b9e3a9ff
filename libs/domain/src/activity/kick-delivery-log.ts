import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { ActivityDelivery } from '@kickback/contracts';
import { InjectRedis } from '@kickback/platform';

const DELIVERIES_KEY = 'activity:deliveries';
const DELIVERIES_KEPT = 100;

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

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      await this.redis
        .multi()
        .lpush(DELIVERIES_KEY, ...batch.map((p) => JSON.stringify(p.entry)))
        .ltrim(DELIVERIES_KEY, 0, DELIVERIES_KEPT - 1)
        .exec();
      for (const p of batch) p.done();
    } catch (err) {
      for (const p of batch) p.done(err);
    }
  }
}
