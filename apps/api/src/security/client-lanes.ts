import { Injectable } from '@nestjs/common';
import { AppConfig } from '@kickback/platform';
import { isAddressKey } from './client-key';
import { ADDRESS_SHARE } from './refusal-penalties';

interface Lanes {
  active: number;
  waiting: (() => void)[];
}

/** Requests of one client that may wait for a lane; past it a request is refused at once (the client is flooding). */
export const MAX_WAITING_PER_CLIENT = 64;

/**
 * Fair shares of the event loop: each client (ClientKeys) has a few requests served at once and the rest wait their
 * turn before anything reads them, so one client's hundred parallel requests take turns with everyone else's instead of
 * queueing ahead of them. In this process, no I/O.
 */
@Injectable()
export class ClientLanes {
  private readonly lanes = new Map<string, Lanes>();
  private readonly perClient: number;

  constructor(config: AppConfig) {
    this.perClient = config.env.CLIENT_LANES;
  }

  /**
   * Calls `start` when the client has a free lane (at once, or when one of its earlier requests ends); `release` must
   * be called once when the request ends. Answers false, calling nothing, when too many of its requests already wait.
   */
  enter(client: string, start: () => void, suspect = false): boolean {
    let lanes = this.lanes.get(client);
    if (!lanes) this.lanes.set(client, (lanes = { active: 0, waiting: [] }));
    if (lanes.active < this.limit(client, suspect)) {
      lanes.active++;
      start();
      return true;
    }
    if (lanes.waiting.length >= MAX_WAITING_PER_CLIENT) return false;
    lanes.waiting.push(start);
    return true;
  }

  /** A request of the client ended (answered or aborted): its lane passes to the next waiting one. */
  release(client: string, suspect = false): void {
    const lanes = this.lanes.get(client);
    if (!lanes) return;
    // A client that became suspect while several of its requests ran keeps fewer lanes from now on.
    if (lanes.active > this.limit(client, suspect)) {
      lanes.active--;
      return;
    }
    const next = lanes.waiting.shift();
    if (next) return next();
    if (--lanes.active === 0) this.lanes.delete(client);
  }

  /**
   * Requests of the client served at once: an address stands for everyone behind it who is not signed in, so it gets a
   * few members' lanes; a client refused a few times this minute (RefusalPenalties.suspect) gets one lane of its share.
   */
  private limit(client: string, suspect: boolean): number {
    const members = isAddressKey(client) ? ADDRESS_SHARE : 1;
    return suspect ? members : this.perClient * members;
  }

  /** Drops a waiting request whose client went away before its turn. */
  abandon(client: string, start: () => void): void {
    const lanes = this.lanes.get(client);
    const at = lanes?.waiting.indexOf(start) ?? -1;
    if (at !== -1) lanes!.waiting.splice(at, 1);
  }
}
