import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis, metric } from '@kickback/platform';

const KEY = 'activity:live-poll:invalid';
/** Longer than a stream night: a warning nobody saw still shows the next morning, and a valid answer clears it. */
const KEEP_SECONDS = 24 * 3600;

const invalidAnswers = metric.counter({
  name: 'kick_live_poll_invalid_total',
  help: "Answers of Kick's channel lookup that were not Kick's documented shape (the live state was left as it was)",
});

/**
 * An answer of Kick's channel lookup the poll could not trust: counted for the metrics, and kept for the admin's
 * Activity page until a valid answer comes (so a Kick change that breaks the poll is seen, not silently ignored).
 */
@Injectable()
export class KickLivePollHealth {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async invalid(reason: string, at = new Date()): Promise<void> {
    invalidAnswers.inc();
    await this.redis.set(KEY, JSON.stringify({ at: at.toISOString(), reason: reason.slice(0, 300) }), 'EX', KEEP_SECONDS);
  }

  async valid(): Promise<void> {
    await this.redis.del(KEY);
  }

  /** The warning the admin sees, or null while Kick's answers are as documented. */
  async warning(): Promise<string | null> {
    const raw = await this.redis.get(KEY);
    if (!raw) return null;
    const { at, reason } = JSON.parse(raw) as { at: string; reason: string };
    return `Kick's channel lookup answered in an unexpected shape at ${at} (${reason}); the live state was left as it was.`;
  }
}
