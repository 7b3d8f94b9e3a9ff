import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis, WorkPool, insistentRequest } from '@kickback/platform';
import { verifyRafflePassword } from './raffle-password';

/** Wrong passwords one member may try on one raffle per window: enough for typos, far too few to guess. */
export const PASSWORD_TRIES_PER_MEMBER = { limit: 5, windowMs: 10 * 60_000 };
/** Wrong passwords on one raffle from everyone together per window: a botnet of accounts cannot guess either. */
export const PASSWORD_TRIES_PER_RAFFLE = { limit: 300, windowMs: 60_000 };

export const PASSWORD_LOCKED_MESSAGE = 'Too many wrong passwords. Please wait a few minutes before trying again.';

const memberKey = (raffleId: number, userId: number) => `raffle:${raffleId}:password-misses:user:${userId}`;
const raffleKey = (raffleId: number) => `raffle:${raffleId}:password-misses`;

/**
 * Takes one try from the member's and the raffle's budgets in one step, or none when either is spent (answers 0).
 * KEYS: member, raffle. ARGV: member limit, member window ms, raffle limit, raffle window ms. A window starts with its
 * first try.
 */
const RESERVE = `
if tonumber(redis.call('get', KEYS[1]) or '0') >= tonumber(ARGV[1])
  or tonumber(redis.call('get', KEYS[2]) or '0') >= tonumber(ARGV[3]) then return 0 end
redis.call('incr', KEYS[1])
redis.call('pexpire', KEYS[1], ARGV[2], 'NX')
redis.call('incr', KEYS[2])
redis.call('pexpire', KEYS[2], ARGV[4], 'NX')
return 1`;

/** Gives a try back (the password was right), never below zero and never into a window that already ended. */
const GIVE_BACK = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('get', key) or '0') > 0 then redis.call('decr', key) end
end
return 0`;

/** Raffles whose right password this process remembers (a keyed digest of it); older ones are forgotten first. */
const KNOWN_PASSWORDS = 1000;

type Counting = Redis & {
  rafflePasswordReserve(member: string, raffle: string, ...args: number[]): Promise<number>;
  rafflePasswordGiveBack(member: string, raffle: string): Promise<number>;
};

/**
 * Raffle password checks under a budget of wrong guesses in Redis, shared by the HTTP route and the socket and by
 * every api replica. A try is reserved before the password is checked, so guesses racing each other cannot all be
 * checked while the count still looks low, and a locked member or raffle is refused before any check: a correct guess
 * after the limit gives nothing away. A right password gives its try back, so members entering a busy raffle never
 * lock it for each other.
 */
@Injectable()
export class RafflePasswordAttempts {
  private readonly redis: Counting;
  /**
   * One scrypt at a time in this process: a check costs tens of milliseconds of a core, so guesses from many accounts
   * at once leave the other core to everyone else's requests.
   */
  private readonly checks = new WorkPool(1);
  /**
   * Everyone entering a password raffle types the same password: once scrypt has accepted it, later entries are
   * matched against a keyed digest of it (this process's random key, never stored) instead of scrypt again.
   */
  private readonly known = new Map<string, Buffer>();
  private readonly digestKey = randomBytes(32);

  constructor(@InjectRedis() redis: Redis) {
    redis.defineCommand('rafflePasswordReserve', { numberOfKeys: 2, lua: RESERVE });
    redis.defineCommand('rafflePasswordGiveBack', { numberOfKeys: 2, lua: GIVE_BACK });
    this.redis = redis as Counting;
  }

  /** Whether `password` matches; 429 when the member or the raffle has no tries left. */
  async verify(raffleId: number, userId: number, password: string, stored: string): Promise<boolean> {
    const keys = [memberKey(raffleId, userId), raffleKey(raffleId)] as const;
    const reserved = await this.redis.rafflePasswordReserve(
      ...keys,
      PASSWORD_TRIES_PER_MEMBER.limit,
      PASSWORD_TRIES_PER_MEMBER.windowMs,
      PASSWORD_TRIES_PER_RAFFLE.limit,
      PASSWORD_TRIES_PER_RAFFLE.windowMs,
    );
    if (reserved !== 1) throw insistentRequest(PASSWORD_LOCKED_MESSAGE);
    const right = await this.check(password, stored);
    if (right) await this.redis.rafflePasswordGiveBack(...keys);
    return right;
  }

  private async check(password: string, stored: string): Promise<boolean> {
    const digest = createHmac('sha256', this.digestKey).update(password.normalize('NFKC')).digest();
    // No owner limit: the reserved tries already bound what one member can queue (5 wrong ones per window). The digest
    // is looked at again when the check's turn comes: guesses queued behind the first right one need no scrypt.
    return this.checks.run(null, async () => {
      const known = this.known.get(stored);
      if (known) return timingSafeEqual(known, digest);
      const right = await verifyRafflePassword(password, stored);
      if (right) {
        if (this.known.size >= KNOWN_PASSWORDS) this.known.delete(this.known.keys().next().value!);
        this.known.set(stored, digest);
      }
      return right;
    });
  }
}
