import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PAYOUT_MESSAGES, type Pagination, type RecentWinner, type WinnerSource } from '@kickback/contracts';
import { OutboxService, pagination } from '@kickback/platform';
import { PayoutLedgerService, standalonePayoutLedger } from '../payouts/payout-ledger.service';
import type { PayoutOpening } from '../payouts/payout-opening';
import { WinnersRepository, type WinnerRecord } from './winners.repository';

const PER_PAGE = 24;

/** A member's win as the paying feature describes it; the name shown is taken from the member. */
export type MemberWinRecord = Omit<WinnerRecord, 'name'> & { userId: number };

/** A member's win that no longer stands, and why its payout is cancelled. */
export interface ReplacedWin {
  reference: string;
  userId: number;
  reason: string;
  actorId: number | null;
}

/**
 * The payout a win opens. A points prize is credited by the transaction that records it, so its payout opens as
 * paid; any other prize waits for the streamer's approval.
 */
const payoutOf = (win: WinnerRecord): PayoutOpening => ({
  source: win.source,
  sourceId: win.subject.id,
  place: win.position,
  userId: win.userId,
  casinoUsername: win.userId === null ? (win.casinoUsername ?? win.name) : null,
  prize: win.prize,
  amount: win.prizePoints !== null ? String(win.prizePoints) : (win.amount?.value ?? null),
  currency: win.prizePoints !== null ? 'points' : (win.amount?.currency ?? null),
  valueUsd: win.prizeValueUsd,
  subject: { title: win.subject.title, path: win.subject.path },
  claimDeadline: win.claimDeadline ?? null,
  ...(win.prizePoints !== null ? { paidAtOnce: { reason: PAYOUT_MESSAGES.pointsCredited, actorId: null } } : {}),
  ...(win.wonAt ? { openedAt: win.wonAt } : {}),
});

/**
 * The shared winners ledger behind Recent Winners. Each feature that decides a prize records its winner here,
 * inside the transaction that decides it, so no feature reads another's tables and a retried payment never lists
 * a winner twice (unique per source and reference). Each win opens its payout in the same transaction (the payout
 * ledger is unique per source, source id, place and recipient). See docs/total-given-away.md and docs/payouts.md.
 */
@Injectable()
export class WinnersService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: WinnersRepository,
    private readonly outbox: OutboxService,
    private readonly payouts: PayoutLedgerService,
  ) {}

  /** Records a member's win (name taken from the member); idempotent per (source, reference). */
  async recordMember(tx: EntityManager, win: MemberWinRecord): Promise<void> {
    await this.record(tx, { ...win, name: await this.repository.memberName(tx, win.userId) });
  }

  /** Records a win; idempotent per (source, reference). Call inside the paying transaction. */
  async record(tx: EntityManager, win: WinnerRecord): Promise<void> {
    const id = await this.repository.insert(tx, win);
    if (id !== null) await this.outbox.add(tx, 'winner.recorded', { source: win.source, winnerId: id, at: new Date().toISOString() });
    await this.payouts.open(tx, payoutOf(win));
  }

  /**
   * A win that no longer stands (a rerolled raffle winner) leaves the list and the member who replaces it is
   * recorded, with one event naming both, so open pages swap the rows in one push. The insert cannot find its row
   * already there (the reference names the position and the member, and the replacing member does not stand at
   * that position), so the event is always written. The replaced win's payout is cancelled with the reason, unless
   * paying it had started, and the new winner's opens.
   */
  async replaceMember(tx: EntityManager, replaced: ReplacedWin, win: MemberWinRecord): Promise<void> {
    const replacesId = await this.repository.remove(tx, win.source, replaced.reference);
    await this.payouts.cancelWin(
      tx,
      { source: win.source, sourceId: win.subject.id, place: win.position, userId: replaced.userId },
      replaced.reason,
      replaced.actorId,
    );
    const record = { ...win, name: await this.repository.memberName(tx, win.userId) };
    const id = await this.repository.insert(tx, record);
    await this.payouts.open(tx, payoutOf(record));
    if (id === null) return;
    await this.outbox.add(tx, 'winner.recorded', {
      source: win.source,
      winnerId: id,
      ...(replacesId !== null ? { replacesId } : {}),
      at: new Date().toISOString(),
    });
  }

  /** A member deleted their account: their wins stay listed, under their pseudonym. */
  async renameMember(tx: EntityManager, userId: number, name: string): Promise<void> {
    await this.repository.renameMember(tx, userId, name);
  }

  async page(page: number, source: WinnerSource | null): Promise<{ data: RecentWinner[]; pagination: Pagination }> {
    const { rows, total } = await this.repository.page(this.em.fork(), source, PER_PAGE, (page - 1) * PER_PAGE);
    return { data: rows, pagination: pagination(page, PER_PAGE, total) };
  }
}

/** The winners ledger for code that runs outside Nest (the demo seed): the same rows, on the connection it is given. */
export const standaloneWinners = (em: EntityManager): WinnersService =>
  new WinnersService(em, new WinnersRepository(), new OutboxService(), standalonePayoutLedger());
