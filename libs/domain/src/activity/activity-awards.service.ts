import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxService } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { ActivityRepository, type NewAward } from './activity.repository';

/** How long a guest chatter's points wait for the Kick account to log in here (docs/activity.md). */
export const PENDING_AWARD_DAYS = 30;

export type AwardOutcome = 'awarded' | 'pending' | 'duplicate';

export type Award = Omit<NewAward, 'credited'>;

/**
 * Writes an award in the caller's transaction: a member gets the points through the economy's credit (the award key
 * is the idempotency key) and an `activity.awarded` event for XP; a Kick account with no member yet is kept pending.
 */
@Injectable()
export class ActivityAwardsService {
  constructor(
    private readonly repository: ActivityRepository,
    private readonly economy: EconomyService,
    private readonly outbox: OutboxService,
  ) {}

  /** Answers 'awarded', 'pending' (no member yet) or 'duplicate' (this key was awarded before). */
  async award(tx: EntityManager, award: Award): Promise<AwardOutcome> {
    return (await this.awardMany(tx, [award]))[0]!;
  }

  /**
   * Many awards in three statements whatever their number (group commit of webhook bursts): the awards, the members'
   * credits, the XP events. Answers each award's outcome in order; a key twice in the list is awarded once.
   */
  async awardMany(tx: EntityManager, awards: Award[]): Promise<AwardOutcome[]> {
    if (!awards.length) return [];
    const inserted = await this.repository.insertAwards(
      tx,
      awards.map((award) => ({ ...award, credited: award.userId !== null })),
    );
    const seen = new Set<string>();
    const credited: (Award & { userId: number })[] = [];
    const outcomes = awards.map((award): AwardOutcome => {
      if (!inserted.has(award.key) || seen.has(award.key)) return 'duplicate';
      seen.add(award.key);
      if (award.userId === null) return 'pending';
      credited.push({ ...award, userId: award.userId });
      return 'awarded';
    });
    await this.credit(tx, credited);
    return outcomes;
  }

  /** Credits a new member's pending awards from the last 30 days (run once per login; each award credits once). */
  async creditPending(tx: EntityManager, userId: number): Promise<number> {
    const kickUserId = await this.repository.kickIdOf(tx, userId);
    if (kickUserId === null) return 0;
    const pending = await this.repository.pendingFor(tx, kickUserId, PENDING_AWARD_DAYS);
    for (const award of pending) await this.repository.markCredited(tx, award.id, userId);
    await this.credit(
      tx,
      pending.map((award) => ({ ...award, userId })),
    );
    return pending.reduce((total, award) => total + award.points, 0);
  }

  private async credit(tx: EntityManager, awards: (Pick<Award, 'key' | 'source' | 'points' | 'xp'> & { userId: number })[]): Promise<void> {
    await this.economy.creditMany(
      tx,
      awards
        .filter((award) => award.points > 0)
        .map((award) => ({
          userId: award.userId,
          amount: award.points,
          reason: `activity.${award.source}`,
          reference: award.key.slice(0, 120),
          idempotencyKey: `activity:${award.key}`,
        })),
    );
    const at = new Date().toISOString();
    await this.outbox.addMany(
      tx,
      'activity.awarded',
      awards
        .filter((award) => award.points > 0 || award.xp > 0)
        .map((award) => ({ userId: award.userId, source: award.source, points: award.points, xp: award.xp, key: award.key, at })),
    );
  }
}
