import type Redis from 'ioredis';

const hookKey = (hookId: number) => `announcements:discord-wait:${hookId}`;
const GLOBAL_KEY = 'announcements:discord-wait:global';
/** A 429 without a readable retry_after waits this long (Discord always sends one; this only guards a malformed answer). */
const FALLBACK_WAIT_MS = 5_000;

/**
 * Discord's rate limits as its documentation describes them (https://discord.com/developers/docs/topics/rate-limits):
 * each answer carries `X-RateLimit-Remaining` and `X-RateLimit-Reset-After` (seconds) for the webhook's bucket, and a
 * 429 carries `retry_after` (seconds) in its JSON body, with `global: true` (and `X-RateLimit-Global`) when the limit is
 * the whole application's. Waits are kept in Redis, so every worker replica holds back from the same bucket.
 */
export class DiscordRateLimits {
  constructor(private readonly redis: Redis) {}

  /** How long to wait before calling this hook again (0: go ahead). */
  async waitMs(hookId: number): Promise<number> {
    const [hook, global] = await Promise.all([this.redis.pttl(hookKey(hookId)), this.redis.pttl(GLOBAL_KEY)]);
    return Math.max(0, hook, global);
  }

  /** Notes what an answer said about the bucket; for a 429, answers how long to wait before the retry. */
  async observe(hookId: number, status: number, headers: Headers, body: string): Promise<number> {
    if (status === 429) {
      const { retryAfterMs, global } = tooManyRequests(headers, body);
      await this.redis.set(global ? GLOBAL_KEY : hookKey(hookId), '1', 'PX', retryAfterMs);
      return retryAfterMs;
    }
    const remaining = headers.get('x-ratelimit-remaining');
    const resetAfter = Number(headers.get('x-ratelimit-reset-after'));
    if (remaining === '0' && resetAfter > 0) await this.redis.set(hookKey(hookId), '1', 'PX', Math.ceil(resetAfter * 1000));
    return 0;
  }
}

function tooManyRequests(headers: Headers, body: string): { retryAfterMs: number; global: boolean } {
  let parsed: { retry_after?: unknown; global?: unknown } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // Cloudflare's own 429 page is HTML; the Retry-After header still says how long.
  }
  const seconds = typeof parsed.retry_after === 'number' ? parsed.retry_after : Number(headers.get('retry-after'));
  const retryAfterMs = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds * 1000) : FALLBACK_WAIT_MS;
  return { retryAfterMs, global: parsed.global === true || headers.get('x-ratelimit-global') === 'true' };
}
