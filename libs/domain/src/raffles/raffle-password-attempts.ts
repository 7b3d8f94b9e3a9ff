import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis, tooManyRequests } from '@kickback/platform';

/** Wrong passwords one member may try on one raffle per window: enough for typos, far too few to guess. */
export const PASSWORD_TRIES_PER_MEMBER = { limit: 5, windowMs: 10 * 60_000 };
/** Wrong passwords on one raffle from everyone together per window: a botnet of accounts cannot guess either. */
export const PASSWORD_TRIES_PER_RAFFLE = { limit: 300, windowMs: 60_000 };

export const PASSWORD_LOCKED_MESSAGE = 'Too many wrong passwords. Please wait a few minutes before trying again.';

const memberKey = (raffleId: number, userId: number) => `raffle:${raffleId}:password-misses:user:${userId}`;
const raffleKey = (raffleId: number) => `raffle:${raffleId}:password-misses`;

/**
 * Counts wrong raffle passwords in Redis, shared by the HTTP route and the socket and by every api
 * replica. A locked member or raffle is refused before the password is even checked, so a correct
 * guess after the limit gives nothing away.
 */
@Injectable()
export class RafflePasswordAttempts {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async assertMayTry(raffleId: number, userId: number): Promise<void> {
    const [mine, all] = await this.redis.mget(memberKey(raffleId, userId), raffleKey(raffleId));
    if (Number(mine ?? 0) >= PASSWORD_TRIES_PER_MEMBER.limit || Number(all ?? 0) >= PASSWORD_TRIES_PER_RAFFLE.limit)
      throw tooManyRequests(PASSWORD_LOCKED_MESSAGE);
  }

  async recordMiss(raffleId: number, userId: number): Promise<void> {
    await this.redis
      .multi()
      .incr(memberKey(raffleId, userId))
      .pexpire(memberKey(raffleId, userId), PASSWORD_TRIES_PER_MEMBER.windowMs, 'NX')
      .incr(raffleKey(raffleId))
      .pexpire(raffleKey(raffleId), PASSWORD_TRIES_PER_RAFFLE.windowMs, 'NX')
      .exec();
  }
}
