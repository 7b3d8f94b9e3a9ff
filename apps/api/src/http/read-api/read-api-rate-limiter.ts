import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig, InjectRedis } from '@kickback/platform';

const WINDOW_MS = 60_000;

/** Counts a call in the token's window (the first call starts it) and answers the count and the window's time left. */
const COUNT = `
local n = redis.call('incr', KEYS[1])
if n == 1 then redis.call('pexpire', KEYS[1], ARGV[1]) end
return {n, redis.call('pttl', KEYS[1])}`;

/** READ_API_PER_MINUTE calls per token per minute, in fixed windows, across api replicas (Redis). */
@Injectable()
export class ReadApiRateLimiter {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  /** Null when the call may go ahead, else the seconds until the token's window ends. */
  async retryAfter(tokenId: number): Promise<number | null> {
    const [count, ttl] = (await this.redis.eval(COUNT, 1, `read-api:rate:${tokenId}`, WINDOW_MS)) as [number, number];
    return count <= this.config.env.READ_API_PER_MINUTE ? null : Math.max(1, Math.ceil(ttl / 1000));
  }
}
