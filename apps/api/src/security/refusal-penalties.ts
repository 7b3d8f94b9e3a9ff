import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@kickback/platform';
import { isAddressKey } from './client-key';

interface Window {
  refusals: number;
  resetAt: number;
  /** Requests of this client being held right now (each costs a timer and an open connection). */
  held: number;
}

const MINUTE = 60_000;
/**
 * An address stands for everyone behind it (a household, a venue, a carrier's NAT) who is not signed in: it may cause
 * this many times a member's refusals before its visitors are held.
 */
export const ADDRESS_SHARE = 4;
/** Refusals in a minute after which a client's requests are served one at a time (RefusalPenalties.suspect). */
export const SUSPECT_REFUSALS = 5;
/** What one malformed request or oversized message counts as (RefusalPenalties.record). */
export const MALFORMED = 3;
/** Held requests per client at once (each is an open connection and a timer, a few KB); past it a request's connection is closed at once (no timer, no answer). */
export const MAX_HELD_PER_CLIENT = 64;

/**
 * Clients that keep sending what is refused (bodies over a limit, wrong shapes, past a rate limit) are slowed down, not
 * only refused: after ABUSE_REFUSALS_PER_MINUTE refusals in a minute, each further request of that client waits
 * ABUSE_HOLD_MS on a timer and is answered 429 without being read. A refusal is cheap, but a client that sends the next
 * one the moment it hears the last (or several at once) would still keep a core busy answering them and make everyone
 * else's request wait behind its queue; held, it sends a few a second. Counted in this process, with no I/O: the check
 * runs before sessions, body parsing and Nest.
 */
@Injectable()
export class RefusalPenalties implements OnModuleDestroy {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;
  readonly holdMs: number;
  private readonly limit: number;
  /** The clock windows are read from (a unit test moves its own). */
  now: () => number = Date.now;

  constructor(config: AppConfig) {
    this.limit = config.env.ABUSE_REFUSALS_PER_MINUTE;
    this.holdMs = config.env.ABUSE_HOLD_MS;
    // Clients that went quiet are dropped, so the map holds only this minute's refused clients.
    this.sweeper = setInterval(() => this.sweep(), MINUTE);
    this.sweeper.unref();
  }

  /**
   * A request or message of this client was refused. `weight` counts what the site's own pages never send (a body over
   * its limit, a malformed request, an oversized socket frame) as several refusals: a page can be refused a few times by
   * a rate limit or a form's validation, but never that way.
   */
  record(client: string, weight: 1 | typeof MALFORMED = 1): void {
    const now = this.now();
    const window = this.windows.get(client);
    if (!window || window.resetAt <= now) this.windows.set(client, { refusals: weight, resetAt: now + MINUTE, held: 0 });
    else window.refusals += weight;
  }

  /**
   * Whether the client was refused a few times this minute: short of a hold, but no longer served on several lanes at
   * once (ClientLanes), so what it sends in parallel is worked through one request at a time.
   */
  suspect(client: string): boolean {
    const window = this.windows.get(client);
    if (!window || window.resetAt <= this.now()) return false;
    return window.refusals >= (isAddressKey(client) ? SUSPECT_REFUSALS * ADDRESS_SHARE : SUSPECT_REFUSALS);
  }

  penalised(client: string): boolean {
    const window = this.windows.get(client);
    if (!window || window.resetAt <= this.now()) return false;
    return window.refusals > (isAddressKey(client) ? this.limit * ADDRESS_SHARE : this.limit);
  }

  /**
   * Answers a penalised client's request after the hold (`answer`), or at once with `drop` when the client already has
   * MAX_HELD_PER_CLIENT requests held.
   */
  hold(client: string, answer: () => void, drop: () => void): void {
    const window = this.windows.get(client);
    if (!window || window.held >= MAX_HELD_PER_CLIENT) return drop();
    window.held++;
    // Spread over half to one and a half holds: held requests answered in the same instant come back in the same instant
    // (a client sending 25 at once), and each such wave would be a burst of work everyone else's requests wait behind.
    setTimeout(
      () => {
        window.held--;
        answer();
      },
      this.holdMs * (0.5 + Math.random()),
    ).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = this.now();
    for (const [client, window] of this.windows) if (window.resetAt <= now && window.held === 0) this.windows.delete(client);
  }
}
