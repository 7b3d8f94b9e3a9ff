import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { RAFFLE_ENTER_LIMIT } from './raffle-enter-options';

/**
 * One budget of raffle entries per member per minute for both ways of entering (HTTP and the page's socket),
 * so switching paths never doubles it.
 */
@Injectable()
export class RaffleEnterLimiter {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  async blocked(userId: number): Promise<boolean> {
    const { limit, ttl } = RAFFLE_ENTER_LIMIT;
    const { isBlocked } = await this.storage.increment(`raffle-enter:user:${userId}`, ttl, limit, ttl, 'raffle-enter');
    return isBlocked;
  }
}
