import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { SessionData } from 'express-session';
import { GroupCommit, InjectRedis, parseStoredSession, storedSessionKey } from '@kickback/platform';
import { RAFFLE_ENTER_LIMIT } from './raffle-enter-options';

const budgetKey = (userId: number) => `raffle-enter:user:${userId}`;

/**
 * Counts entries in a fixed window (the first entry starts the minute, the count resets with it). KEYS holds one or
 * two keys per entry: its budget, then its session when ARGV[2 + i] is '1'. Answers a count and the stored session
 * (false when not asked or absent) per entry, in order.
 */
const COUNT_ALL = `
local answers, k = {}, 1
for i = 2, #ARGV do
  local n = redis.call('incr', KEYS[k])
  if n == 1 then redis.call('pexpire', KEYS[k], ARGV[1]) end
  k = k + 1
  local session = false
  if ARGV[i] == '1' then
    session = redis.call('get', KEYS[k])
    k = k + 1
  end
  answers[#answers + 1] = {n, session}
end
return answers`;

type Counting = Redis & {
  raffleEnterCountAll(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Promise<[number, string | null][]>;
};

interface Counted {
  userId: number;
  /** The session to read in the same command (the socket path), or none (HTTP: the middleware loaded it). */
  sessionId?: string;
}

/**
 * One budget of raffle entries per member per minute for both ways of entering (HTTP and the page's socket),
 * so switching paths never doubles it.
 *
 * The socket path reads its session again for every entry; that read runs in the count's script. Entries that arrive
 * together (in one turn of the event loop, or while the previous command is in flight) are counted by one command:
 * during a stream burst that is one Redis round trip for several entries instead of one each (docs/performance.md).
 */
@Injectable()
export class RaffleEnterLimiter {
  private readonly redis: Counting;
  private readonly counts = new GroupCommit<Counted, [number, string | null]>({
    write: (batch) => this.countAll(batch),
    maxBatch: 100,
    // One command in flight: entries arriving meanwhile wait for it and leave together in the next.
    maxInFlight: 1,
  });

  constructor(@InjectRedis() redis: Redis) {
    redis.defineCommand('raffleEnterCountAll', { lua: COUNT_ALL });
    this.redis = redis as Counting;
  }

  async blocked(userId: number): Promise<boolean> {
    const [count] = await this.counts.submit({ userId });
    return count > RAFFLE_ENTER_LIMIT.limit;
  }

  /**
   * Counts the member's entry and reads the session the entry comes from, as it is now in the store. The count comes
   * first, so an entry from a socket whose session just ended still counts for its member.
   */
  async blockedWithSession(userId: number, sessionId: string): Promise<{ blocked: boolean; session: SessionData | null }> {
    const [count, stored] = await this.counts.submit({ userId, sessionId });
    return { blocked: count > RAFFLE_ENTER_LIMIT.limit, session: parseStoredSession(stored) };
  }

  private countAll(batch: Counted[]): Promise<[number, string | null][]> {
    const keys: string[] = [];
    const wantsSession: string[] = [];
    for (const { userId, sessionId } of batch) {
      keys.push(budgetKey(userId));
      if (sessionId === undefined) wantsSession.push('0');
      else {
        keys.push(storedSessionKey(sessionId));
        wantsSession.push('1');
      }
    }
    return this.redis.raffleEnterCountAll(keys.length, ...keys, RAFFLE_ENTER_LIMIT.ttl, ...wantsSession);
  }
}
