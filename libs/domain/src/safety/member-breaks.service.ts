import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SAFETY_MESSAGES, breakEndsAt, type BreakPeriod, type MemberBreak } from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, forbidden, notFound, isoOrNull } from '@kickback/platform';
import { SafetyRepository } from './safety.repository';
import { toMemberBreak } from './viewer-safety.service';

/**
 * A member's break from gambling content. It starts at once, cannot be shortened, and ends by itself at its time (a
 * delayed job, BreakReleaseService); only a break set "until I ask" is ended by an admin, at the member's request,
 * and that is audited. While one runs, every check below says so.
 */
@Injectable()
export class MemberBreaksService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: SafetyRepository,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLogService,
  ) {}

  async take(userId: number, period: BreakPeriod): Promise<MemberBreak> {
    const now = new Date();
    return this.em.fork().transactional(async (tx) => {
      const row = await this.repository.startBreak(tx, userId, period, now, breakEndsAt(period, now));
      if (!row) throw conflict(SAFETY_MESSAGES.breakRunning);
      await this.outbox.add(tx, 'safety.break-started', {
        breakId: row.id,
        userId,
        endsAt: isoOrNull(row.ends_at),
        at: now.toISOString(),
      });
      return toMemberBreak(row);
    });
  }

  async isOnBreak(userId: number): Promise<boolean> {
    return (await this.repository.memberStanding(this.em.fork(), userId)).running !== null;
  }

  /** Refuses with `message` (403) while the member is on a break: raffles with casino credit, casino bonuses. */
  async refuseOnBreak(userId: number, message: string): Promise<void> {
    if (await this.isOnBreak(userId)) throw forbidden(message);
  }

  /** Which of these members are on a break (a batch's check, one read). */
  async membersOnBreak(userIds: number[]): Promise<Set<number>> {
    return new Set(await this.repository.onBreak(this.em.fork(), userIds));
  }

  /** Casino usernames (lower case) of members on a break: boards leave them unranked. */
  linkedNamesOnBreak(): Promise<string[]> {
    return this.repository.linkedNamesOnBreak(this.em.fork());
  }

  /** The delayed job's work: ends the break if its time has come by `now`; answers whether it did. */
  async endIfDue(breakId: number, now: Date): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const userId = await this.repository.endIfDue(tx, breakId, now);
      if (userId === null) return false;
      await this.outbox.add(tx, 'safety.break-ended', { breakId, userId, by: 'time', at: now.toISOString() });
      return true;
    });
  }

  dueBreaks(now: Date): Promise<number[]> {
    return this.repository.dueBreaks(this.em.fork(), now);
  }

  /** An admin ends an "until I ask" break at the member's request; timed breaks are refused (they end on their own). */
  async endUntilAsked(actorId: number, username: string): Promise<void> {
    await this.audit.audited({ actorId, action: 'safety.break.end', entity: 'member_break' }, async (tx) => {
      const row = await this.repository.runningUntilAsked(tx, username);
      if (!row) throw notFound(SAFETY_MESSAGES.noBreak);
      if (row.period !== 'until_asked') throw conflict(SAFETY_MESSAGES.notUntilAsked);
      await this.repository.endNow(tx, row.id, actorId);
      await this.outbox.add(tx, 'safety.break-ended', { breakId: row.id, userId: row.user_id, by: 'admin', at: new Date().toISOString() });
      // The audit row says which break ended and when it began; a break never has a reason to keep.
      return { entityId: row.id, before: { period: row.period, started_at: row.started_at }, after: { ended: true } };
    });
  }
}
