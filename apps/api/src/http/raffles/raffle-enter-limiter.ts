import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { SessionData } from 'express-session';
import { AppConfig, GroupCommit, InjectRedis, parseStoredSession, storedSessionKey } from '@kickback/platform';
import { RAFFLE_ENTER_ADDRESS_TTL_MS, RAFFLE_ENTER_LIMIT } from './raffle-enter-options';

const budgetKey = (userId: number) => `raffle-enter:user:${userId}`;
const addressKey = (address: string) => `raffle-enter:ip:${address}`;

/**
 * Counts entries in fixed windows (the first entry starts the window, the count resets with it). KEYS holds one or
 * two keys per entry: its member budget, then its session (ARGV[2 + i] = 's') or its address's budget ('a').
 * Answers, per entry in order, the member count and the stored session, the address count, or false.
 */
const COUNT_ALL = `
local answers, k = {}, 1
for i = 3, #ARGV do
  local n = redis.call('incr', KEYS[k])
  if n == 1 then redis.call('pexpire', KEYS[k], ARGV[1]) end
  k = k + 1
  local extra = false
  if ARGV[i] == 's' then
    extra = redis.call('get', KEYS[k])
    k = k + 1
  elseif ARGV[i] == 'a' then
    extra = redis.call('incr', KEYS[k])
    if extra == 1 then redis.call('pexpire', KEYS[k], ARGV[2]) end
    k = k + 1
  end
  answers[#answers + 1] = {n, extra}
end
return answers`;

type Counting = Redis & {
  raffleEnterCountAll(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Promise<[number, string | number | null][]>;
};

interface Counted {
  userId: number;
  /** The session to read in the same command (the socket path), or none (HTTP: the middleware loaded it). */
  sessionId?: string;
  /** The client address to count too (HTTP; a socket's address is the proxy's behind one). */
  address?: string;
}

/**
 * One budget of raffle entries per member per minute for both ways of entering (HTTP and the page's socket),
 * so switching paths never doubles it.
 *
 * The socket path reads its session again for every entry; that read runs in the count's script. Entries that arrive
 * together (in one turn of the event loop, or while the previous command is in flight) are counted by one command:
 * during a stream burst that is one Redis round trip for several entries instead of one each
 * (docs/performance/history.md, "Warm measurements").
 */
@Injectable()
export class RaffleEnterLimiter {
  private readonly redis: Counting;
  private readonly counts = new GroupCommit<Counted, [number, string | number | null]>({
    write: (batch) => this.countAll(batch),
    maxBatch: 100,
    // One command in flight: entries arriving meanwhile wait for it and leave together in the next.
    maxInFlight: 1,
  });

  private readonly perAddress: number;

  constructor(@InjectRedis() redis: Redis, config: AppConfig) {
    redis.defineCommand('raffleEnterCountAll', { lua: COUNT_ALL });
    this.redis = redis as Counting;
    this.perAddress = config.env.RAFFLE_ENTER_PER_ADDRESS_PER_MINUTE;
  }

  /** Counts an HTTP entry for its member and, when given, its address (many members behind one address share it). */
  async blocked(userId: number, address?: string): Promise<boolean> {
    const [count, addressCount] = await this.counts.submit({ userId, address });
    return count > RAFFLE_ENTER_LIMIT.limit || (typeof addressCount === 'number' && addressCount > this.perAddress);
  }

  /**
   * Counts the member's entry and reads the session the entry comes from, as it is now in the store. The count comes
   * first, so an entry from a socket whose session just ended still counts for its member. `parse` turns the stored
   * text into the session (a caller that sees the same text again may keep what it parsed before).
   */
  async blockedWithSession(
    userId: number,
    sessionId: string,
    parse: (stored: string | null) => SessionData | null = parseStoredSession,
  ): Promise<{ blocked: boolean; session: SessionData | null }> {
    const [count, stored] = await this.counts.submit({ userId, sessionId });
    return { blocked: count > RAFFLE_ENTER_LIMIT.limit, session: parse(typeof stored === 'string' ? stored : null) };
  }

  private countAll(batch: Counted[]): Promise<[number, string | number | null][]> {
    const keys: string[] = [];
    const extras: string[] = [];
    for (const { userId, sessionId, address } of batch) {
      keys.push(budgetKey(userId));
      if (sessionId !== undefined) {
        keys.push(storedSessionKey(sessionId));
        extras.push('s');
      } else if (address !== undefined) {
        keys.push(addressKey(address));
        extras.push('a');
      } else extras.push('-');
    }
    return this.redis.raffleEnterCountAll(keys.length, ...keys, RAFFLE_ENTER_LIMIT.ttl, RAFFLE_ENTER_ADDRESS_TTL_MS, ...extras);
  }
}
