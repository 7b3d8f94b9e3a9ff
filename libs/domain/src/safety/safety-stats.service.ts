import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { SafetyOverview } from '@kickback/contracts';
import { InjectRedis } from '@kickback/platform';

/** Counts are kept per UTC day for a few weeks; nothing in them names a viewer or an address. */
const KEPT_SECONDS = 35 * 24 * 3600;
const UNKNOWN = '??';

const day = (at = new Date()) => at.toISOString().slice(0, 10);
const keys = (d: string) => ({ visitors: `safety:visitors:${d}`, gate: `safety:gate:${d}` });

/** The streamer's view: today's visitors by country and the gate's answers, as counters only. */
@Injectable()
export class SafetyStatsService {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /** One visitor of the day (the caller counts a browser once a day), by country. */
  async countVisitor(country: string | null): Promise<void> {
    const key = keys(day()).visitors;
    await this.redis
      .multi()
      .hincrby(key, country ?? UNKNOWN, 1)
      .expire(key, KEPT_SECONDS)
      .exec();
  }

  async countAnswer(answer: 'yes' | 'no'): Promise<void> {
    const key = keys(day()).gate;
    await this.redis.multi().hincrby(key, answer, 1).expire(key, KEPT_SECONDS).exec();
  }

  async today(): Promise<SafetyOverview['today']> {
    const k = keys(day());
    const [visitors, gate] = await Promise.all([this.redis.hgetall(k.visitors), this.redis.hgetall(k.gate)]);
    return {
      visitors: Object.entries(visitors)
        .map(([country, count]) => ({ country, count: Number(count) }))
        .sort((a, b) => b.count - a.count || a.country.localeCompare(b.country)),
      gate_yes: Number(gate.yes ?? 0),
      gate_no: Number(gate.no ?? 0),
    };
  }

  /** The day the visitor cookie carries, so a browser counts once per UTC day. */
  static today(): string {
    return day();
  }
}
