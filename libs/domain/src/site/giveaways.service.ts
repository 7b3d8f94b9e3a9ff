import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { InjectRedis } from '@kickback/platform';
import { TOTAL_GIVEN_AWAY_KEY } from './site-cache';
import { SiteRepository, type GiveawaySource } from './site.repository';

export type { GiveawaySource };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "Total given away" is the sum of the USD value of everything the community has received:
 * drawn raffle prizes, processed store redemptions (at the item's declared value), paid
 * leaderboard prizes and hunt prediction prizes. Each feature records its giveaways here
 * once per reference; see docs/total-given-away.md.
 */
@Injectable()
export class GiveawaysService {
  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly repository: SiteRepository,
  ) {}

  /** Idempotent per (source, reference); call inside the transaction that gives the prize away. */
  async record(tx: EntityManager, source: GiveawaySource, reference: string, amountUsd: string): Promise<void> {
    await this.repository.recordGiveaway(tx, source, reference, amountUsd);
  }

  async invalidate(): Promise<void> {
    await this.redis.del(TOTAL_GIVEN_AWAY_KEY);
  }

  async total(): Promise<{ total: number; formatted_total: string }> {
    const cached = await this.redis.get(TOTAL_GIVEN_AWAY_KEY);
    if (cached) return JSON.parse(cached) as { total: number; formatted_total: string };
    const sum = await this.repository.totalGivenAway(this.em.fork());
    // Sum in PostgreSQL (numeric) and only format here; the number is for clients that chart it.
    const result = { total: Number(sum), formatted_total: usd.format(Number(sum)) };
    await this.redis.set(TOTAL_GIVEN_AWAY_KEY, JSON.stringify(result), 'EX', 300);
    return result;
  }
}

/** Records giveaways outside Nest (the demo seed), where no cache needs clearing. */
export const standaloneGiveawayRecorder = (): Pick<GiveawaysService, 'record'> => {
  const repository = new SiteRepository();
  return { record: (tx, source, reference, amountUsd) => repository.recordGiveaway(tx, source, reference, amountUsd) };
};
