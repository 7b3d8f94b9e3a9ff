import { randomUUID } from 'node:crypto';
import type { FakeKickServer } from '../../libs/testing/src/fakes/fake-kick.server';
import { kickUser } from '../../libs/testing/src/fakes/fake-kick-events';
import type { TestClient } from '../../libs/testing/src/test-client';
import { retryingCall, type Answer } from './retrying-call';
import type { SoakLedger, SoakWorld } from './world';

export interface SoakMember {
  id: number;
  kickId: number;
  name: string;
  /** Logged in through the dev login; its cookies and CSRF token are sent to either api (sessions live in Redis). */
  client: TestClient;
  /** The api its requests go to first (a load balancer's choice). */
  home: number;
}

const origin = (base: string) => base.replace('127.0.0.1', 'localhost');

/**
 * One member's turn, every few seconds of the night: a page read, the entry, predictions and redemption the page
 * offers, and chat (with now and then kicks gifted, which earn points) through signed Kick deliveries. Every answer
 * kept goes in the ledger; reads and entries are timed for the per-minute p99.
 */
export class MemberActions {
  private turn = 0;
  constructor(
    private readonly bases: () => string[],
    private readonly world: SoakWorld,
    private readonly ledger: SoakLedger,
    private readonly kick: FakeKickServer,
    private readonly minute: () => number,
  ) {}

  private send(member: SoakMember, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return retryingCall(this.bases(), member.home, async (base) => {
      const res = await fetch(new URL(path, base), {
        method,
        headers: {
          origin: origin(base),
          cookie: member.client.cookieHeader,
          ...(method === 'GET' ? {} : { 'x-csrf-token': member.client.csrfToken ?? '' }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: res.status, text: await res.text() };
    });
  }

  private async timed(list: number[][], fn: () => Promise<Answer>): Promise<Answer> {
    const minute = this.minute();
    const t0 = performance.now();
    const answer = await fn();
    if (answer.status === 200) this.ledger.time(list, minute, performance.now() - t0);
    return answer;
  }

  private keep(kind: string, answer: Answer, ok: () => void): void {
    if (answer.status === 200) ok();
    else {
      this.ledger.fail(kind, answer.status, answer.text);
      if (process.env.BENCH_SOAK_VERBOSE) console.error(`${kind}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
  }

  async act(member: SoakMember): Promise<void> {
    const turn = this.turn++;
    const { raffleId, hunt, tournament } = this.world;
    const readPath = [
      raffleId ? `/api/r/raffles/${raffleId}` : '/api/r/raffles',
      '/api/r/bonus-hunts/current',
      '/api/r/store?category=all&sort=price_asc',
      '/api/r/points/standing',
    ][turn % 4]!;
    this.keep('read', await this.timed(this.ledger.reads, () => this.send(member, 'GET', readPath)), () => undefined);

    if (raffleId && !this.ledger.entries.get(raffleId)?.has(member.id)) {
      const key = randomUUID();
      const answer = await this.timed(this.ledger.enters, () =>
        this.send(member, 'POST', `/api/r/raffles/${raffleId}/enter`, { entry_type: 'passwordless' }, { 'idempotency-key': key }),
      );
      this.keep('raffle entry', answer, () => this.ledger.add(this.ledger.entries, raffleId, member.id));
    }
    if (hunt?.preparing && !this.ledger.huntPredictions.get(hunt.id)?.has(member.id)) {
      const answer = await this.send(member, 'POST', `/api/r/bonus-hunts/${hunt.id}/predict`, {
        end_balance: `${1000 + member.id}.00`,
        highest_multiplier: `${(member.id % 500) + 1}.00`,
        highest_multiplier_game: 'Bench Slot 1',
      });
      this.keep('hunt prediction', answer, () => this.ledger.add(this.ledger.huntPredictions, hunt.id, member.id));
    }
    if (tournament?.open && !this.ledger.tournamentPredictions.get(tournament.id)?.has(member.id)) {
      const answer = await this.send(member, 'POST', `/api/r/tournaments/${tournament.id}/predict`, { predictions: tournament.picks });
      this.keep('tournament prediction', answer, () => this.ledger.add(this.ledger.tournamentPredictions, tournament.id, member.id));
    }
    if (turn % 5 === 0) {
      const key = randomUUID();
      this.ledger.redeemTried.add(key);
      const answer = await this.send(member, 'POST', `/api/r/store/${this.world.storeItemId}/redeem`, undefined, {
        'idempotency-key': key,
      });
      this.keep('redemption', answer, () => this.ledger.redeemed.add(key));
    }
    await this.deliver(member, 'chat.message.sent', this.ledger.chats, {
      sender: kickUser(member.kickId, member.name),
      content: `gl on the bonus ${turn}`,
      created_at: new Date().toISOString(),
    });
    if (turn % 3 === 0) {
      const gift = await this.deliver(member, 'kicks.gifted', this.ledger.gifts, {
        sender: kickUser(member.kickId, member.name),
        gift: { amount: 10, name: 'Rage', type: 'BASIC' },
      });
      // Kick sends some deliveries twice: the copy must earn nothing.
      if (gift && turn % 30 === 0) {
        this.ledger.giftDuplicatesSent++;
        await this.post(member, gift);
      }
    }
  }

  /** A signed delivery, retried as Kick retries until it is answered 200; its message id goes in `kept`. */
  private async deliver(member: SoakMember, type: string, kept: Set<string>, payload: unknown) {
    const delivery = this.kick.events.sign(type, payload);
    const answer = await this.post(member, delivery);
    this.keep(type, answer, () => kept.add(delivery.headers['kick-event-message-id']!));
    return answer.status === 200 ? delivery : null;
  }

  private post(member: SoakMember, delivery: { headers: Record<string, string>; body: string }): Promise<Answer> {
    return retryingCall(this.bases(), member.home, async (base) => {
      const res = await fetch(new URL('/webhooks/kick', base), {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        signal: AbortSignal.timeout(15_000),
      });
      return { status: res.status, text: await res.text() };
    });
  }
}
