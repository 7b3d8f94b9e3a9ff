import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { SessionData } from 'express-session';
import { InjectRedis, parseStoredSession, storedSessionKey } from '@kickback/platform';
import { RAFFLE_ENTER_LIMIT } from './raffle-enter-options';

const budgetKey = (userId: number) => `raffle-enter:user:${userId}`;

/** A fixed window: the first entry starts the minute, the count resets with it. */
const COUNT = `local n = redis.call('incr', KEYS[1]) if n == 1 then redis.call('pexpire', KEYS[1], ARGV[1]) end`;

/** The scripts, sent once and then called by their hash (EVALSHA), with the types ioredis gives the defined commands. */
type Counting = Redis & {
  raffleEnterCount(budget: string, windowMs: number): Promise<number>;
  raffleEnterCountAndSession(budget: string, session: string, windowMs: number): Promise<[number, string | null]>;
};

/**
 * One budget of raffle entries per member per minute for both ways of entering (HTTP and the page's socket),
 * so switching paths never doubles it.
 *
 * The socket path reads its session again for every entry; that read runs in the count's script, so a socket entry
 * costs one Redis command. A pipeline of plain commands cost the api more CPU per entry than the script
 * (docs/performance.md).
 */
@Injectable()
export class RaffleEnterLimiter {
  private readonly redis: Counting;

  constructor(@InjectRedis() redis: Redis) {
    redis.defineCommand('raffleEnterCount', { numberOfKeys: 1, lua: `${COUNT} return n` });
    redis.defineCommand('raffleEnterCountAndSession', { numberOfKeys: 2, lua: `${COUNT} return {n, redis.call('get', KEYS[2])}` });
    this.redis = redis as Counting;
  }

  async blocked(userId: number): Promise<boolean> {
    return (await this.redis.raffleEnterCount(budgetKey(userId), RAFFLE_ENTER_LIMIT.ttl)) > RAFFLE_ENTER_LIMIT.limit;
  }

  /**
   * Counts the member's entry and reads the session the entry comes from, as it is now in the store. The count comes
   * first, so an entry from a socket whose session just ended still counts for its member.
   */
  async blockedWithSession(userId: number, sessionId: string): Promise<{ blocked: boolean; session: SessionData | null }> {
    const [count, stored] = await this.redis.raffleEnterCountAndSession(
      budgetKey(userId),
      storedSessionKey(sessionId),
      RAFFLE_ENTER_LIMIT.ttl,
    );
    return { blocked: count > RAFFLE_ENTER_LIMIT.limit, session: parseStoredSession(stored) };
  }
}
