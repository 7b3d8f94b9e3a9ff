import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  CONTEST_AUTO_REFUND_HOURS,
  CONTEST_TEXTS,
  type ContestPage,
  type ContestSettings,
  type ContestView,
  type DomainEventMap,
} from '@kickback/contracts';
import { AuditLogService, OutboxService, isUniqueViolation, isoOrNull } from '@kickback/platform';
import { EconomyService } from '../economy';
import { ContestLivePublisher } from './contest-live.publisher';
import { contestPayouts } from './contest-payout';
import { contestView } from './contest-views';
import { ContestNotFoundError, ContestRefusalError } from './contests.errors';
import { closedForHours, ContestsRepository, type ContestRow } from './contests.repository';
import { MemberBreaksService } from '../safety/member-breaks.service';

export interface StakeRequest {
  contestId: number;
  userId: number;
  option: number;
  points: number;
  /**
   * When the member asked: a chat message's own time, so a message sent before the contest opened or after it
   * closed is refused however late it arrives. The site's requests are asked now.
   */
  sentAt?: Date;
  /** One per intended stake (a chat message id); a repeat stakes nothing again. Fresh when absent. */
  key?: string;
}

export interface StakeResult {
  /** False when this key was staked before. */
  applied: boolean;
  option: number;
  points: number;
  balance: number;
}

type Settlement = 'resolved' | 'cancelled' | 'refunded';

/**
 * Stream contests (docs/contests.md). Stakes debit the ledger and grow one stake row per member under a share lock on
 * the contest; closing and settling are compare-and-set updates of the contest row, which wait for stakes in flight,
 * and settling pays or refunds every stake in the same transaction, so points are never created or lost.
 */
@Injectable()
export class ContestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: ContestsRepository,
    private readonly economy: EconomyService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLogService,
    private readonly breaks: MemberBreaksService,
    private readonly live: ContestLivePublisher,
  ) {}

  async open(adminId: number, settings: ContestSettings): Promise<ContestView> {
    const view = await this.em.fork().transactional(async (tx) => {
      const row = await this.repository.insert(tx, settings, adminId).catch((error: unknown) => {
        throw isUniqueViolation(error) ? new ContestRefusalError(CONTEST_TEXTS.anotherRunning) : error;
      });
      await this.audit.record(tx, { actorId: adminId, action: 'contest.open', entity: 'contest', entityId: row.id, after: settings });
      await this.announce(tx, row, 'opened');
      return contestView(row, []);
    });
    this.live.statusChanged(view);
    return view;
  }

  async view(contestId: number): Promise<ContestView> {
    const em = this.em.fork();
    const row = await this.repository.byId(em, contestId);
    if (!row) throw new ContestNotFoundError();
    return contestView(row, await this.repository.pools(em, contestId));
  }

  /** The contest the site shows now (an unsettled one first), or null; a member who may not take part sees none. */
  async current(memberId: number | null): Promise<ContestView | null> {
    if (memberId !== null && (await this.breaks.isOnBreak(memberId))) return null;
    const em = this.em.fork();
    const row = await this.repository.current(em);
    return row ? contestView(row, await this.repository.pools(em, row.id)) : null;
  }

  /** The site's contest page: the current contest, the member's own stake and balance (visitors: nulls). */
  async forMember(memberId: number | null): Promise<ContestPage> {
    const contest = await this.current(memberId);
    if (!contest || memberId === null) return { contest, mine: null, balance: null, notice: CONTEST_TEXTS.noCashValue };
    const [stake, balance] = await Promise.all([
      this.repository.stakeOf(this.em.fork(), contest.id, memberId),
      this.economy.balanceOf(memberId),
    ]);
    return {
      contest,
      mine: stake ? { option: stake.option, points: Number(stake.points) } : null,
      balance,
      notice: CONTEST_TEXTS.noCashValue,
    };
  }

  async stake(request: StakeRequest): Promise<StakeResult> {
    if (await this.breaks.isOnBreak(request.userId)) throw new ContestRefusalError(CONTEST_TEXTS.notTakingPart, 403);
    const key = `contest-stake:${request.contestId}:${request.key ?? randomUUID()}`;
    const { result, pools } = await this.em.fork().transactional(async (tx) => {
      const contest = await this.repository.lockTakingStakes(tx, request.contestId);
      if (!contest) throw await this.whyNotTaking(tx, request.contestId);
      if (request.sentAt && !sentWhileOpen(contest, request.sentAt)) throw new ContestRefusalError(CONTEST_TEXTS.notOpen);
      if (request.option >= contest.options.length) throw new ContestRefusalError(CONTEST_TEXTS.unknownOption, 422);
      const debit = await this.economy.debit(tx, {
        userId: request.userId,
        amount: request.points,
        reason: 'contest.stake',
        reference: `contest:${contest.id}`,
        idempotencyKey: key,
      });
      if (!debit.applied) {
        const stake = await this.repository.stakeOf(tx, contest.id, request.userId);
        const result = {
          applied: false,
          option: stake?.option ?? request.option,
          points: Number(stake?.points ?? 0),
          balance: debit.balance,
        };
        return { result, pools: null };
      }
      const stake = await this.repository.addStake(tx, {
        contestId: contest.id,
        userId: request.userId,
        option: request.option,
        points: request.points,
        max: Number(contest.max_stake),
      });
      if (!stake) throw await this.whyRefused(tx, contest, request);
      if (Number(stake.points) < Number(contest.min_stake)) throw new ContestRefusalError(CONTEST_TEXTS.underMin, 422);
      // The pools as this stake's statement sees them: the live push's marks (they only grow).
      const pools = { optionCount: contest.options.length, rows: await this.repository.pools(tx, contest.id) };
      return { result: { applied: true, option: request.option, points: Number(stake.points), balance: debit.balance }, pools };
    });
    if (pools) await this.live.staked(request.contestId, pools.optionCount, pools.rows);
    return result;
  }

  /** Stops stakes by hand; a contest already closed (or past its timer and closed) answers as it is. */
  async close(adminId: number, contestId: number): Promise<ContestView> {
    const closed = await this.em.fork().transactional(async (tx) => {
      const row = await this.repository.close(tx, contestId);
      if (!row) return false;
      await this.audit.record(tx, { actorId: adminId, action: 'contest.close', entity: 'contest', entityId: contestId });
      await this.announce(tx, row, 'closed');
      return true;
    });
    const view = await this.view(contestId);
    if (closed) this.live.statusChanged(view);
    return view;
  }

  /**
   * Pays the winners of `option` the whole pool (refunds everyone when nobody backed it). An admin who staked in the
   * contest cannot resolve it: another admin must.
   */
  resolve(adminId: number, contestId: number, option: number): Promise<ContestView> {
    return this.settle(contestId, { status: 'resolved', winningOption: option, by: adminId });
  }

  cancel(adminId: number, contestId: number): Promise<ContestView> {
    return this.settle(contestId, { status: 'cancelled', winningOption: null, by: adminId });
  }

  /**
   * The delayed job's refund of a contest left unresolved 24 hours after it closed. Answers whether it refunded; a
   * contest settled meanwhile, or not yet due, is left as it is.
   */
  async refundIfOverdue(contestId: number): Promise<boolean> {
    try {
      await this.settle(contestId, { status: 'refunded', winningOption: null, by: null }, closedForHours(CONTEST_AUTO_REFUND_HOURS));
      return true;
    } catch (error) {
      if (error instanceof ContestRefusalError || error instanceof ContestNotFoundError) return false;
      throw error;
    }
  }

  private async settle(
    contestId: number,
    to: { status: Settlement; winningOption: number | null; by: number | null },
    condition?: string,
  ): Promise<ContestView> {
    const view = await this.em.fork().transactional(async (tx) => {
      const existing = await this.repository.byId(tx, contestId);
      if (!existing) throw new ContestNotFoundError();
      if (to.winningOption !== null && to.winningOption >= existing.options.length)
        throw new ContestRefusalError(CONTEST_TEXTS.unknownOption, 422);
      const row = await this.repository.settle(tx, contestId, to, condition);
      if (!row) throw new ContestRefusalError(CONTEST_TEXTS.alreadySettled);
      // Read after the update: it waited for every stake in flight, so these are all the stakes there will be.
      const stakes = await this.repository.stakes(tx, contestId);
      if (to.status === 'resolved' && stakes.some((s) => s.user_id === to.by))
        throw new ContestRefusalError(CONTEST_TEXTS.stakedAdmin, 403);
      const payStakes = stakes.map((s) => ({
        userId: s.user_id,
        option: s.option,
        points: Number(s.points),
        firstStakedAt: new Date(s.first_staked_at).getTime(),
      }));
      const payouts = to.winningOption === null ? null : contestPayouts(payStakes, to.winningOption);
      const reason = payouts ? 'contest.payout' : 'contest.refund';
      const changes = (payouts ?? payStakes).filter((p) => p.points > 0);
      await this.economy.creditMany(
        tx,
        changes.map((p) => ({
          userId: p.userId,
          amount: p.points,
          reason,
          reference: `contest:${contestId}`,
          idempotencyKey: `${reason}:${contestId}:${p.userId}`,
        })),
      );
      if (to.by !== null)
        await this.audit.record(tx, {
          actorId: to.by,
          action: `contest.${to.status === 'resolved' ? 'resolve' : 'cancel'}`,
          entity: 'contest',
          entityId: contestId,
          after: { status: to.status, winning_option: to.winningOption },
        });
      await this.announce(tx, row, to.status);
      return contestView(row, await this.repository.pools(tx, contestId));
    });
    this.live.statusChanged(view);
    return view;
  }

  private async whyNotTaking(tx: EntityManager, contestId: number): Promise<Error> {
    return (await this.repository.byId(tx, contestId)) ? new ContestRefusalError(CONTEST_TEXTS.notOpen) : new ContestNotFoundError();
  }

  private async whyRefused(tx: EntityManager, contest: ContestRow, request: StakeRequest): Promise<Error> {
    const current = await this.repository.stakeOf(tx, contest.id, request.userId);
    if (current && current.option !== request.option) return new ContestRefusalError(CONTEST_TEXTS.otherOption);
    return new ContestRefusalError(CONTEST_TEXTS.overMax, 422);
  }

  private announce(tx: EntityManager, row: ContestRow, change: DomainEventMap['contest.updated']['change']): Promise<void> {
    return this.outbox.add(tx, 'contest.updated', {
      contestId: row.id,
      change,
      closesAt: row.closed_at ? new Date(row.closed_at).toISOString() : isoOrNull(row.closes_at),
      at: new Date().toISOString(),
    });
  }
}

/** A chat message counts only if it was sent after the contest opened and before its timer ran out. */
const sentWhileOpen = (contest: ContestRow, sentAt: Date): boolean =>
  sentAt.getTime() >= new Date(contest.opened_at).getTime() &&
  (contest.closes_at === null || sentAt.getTime() < new Date(contest.closes_at).getTime());
