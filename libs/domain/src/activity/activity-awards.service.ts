import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ActivitySource } from '@kickback/contracts';
import { OutboxService } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { ActivityRepository } from './activity.repository';

/** How long a guest chatter's points wait for the Kick account to log in here (docs/activity.md). */
export const PENDING_AWARD_DAYS = 30;

export interface Award {
  /** Unique per award: the Kick message id, `follow:<kick id>`, `reward:<redemption id>` or a watch interval. */
  key: string;
  source: ActivitySource;
  kickUserId: number | null;
  /** The member (found by Kick user id, never by name); null keeps the award pending for a chatter without an account. */
  userId: number | null;
  streamId: string | null;
  points: number;
  xp: number;
}

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
  async award(tx: EntityManager, award: Award): Promise<'awarded' | 'pending' | 'duplicate'> {
    const inserted = await this.repository.insertAward(tx, { ...award, credited: award.userId !== null });
    if (!inserted) return 'duplicate';
    if (award.userId === null) return 'pending';
    await this.credit(tx, award.userId, award);
    return 'awarded';
  }

  /** Credits a new member's pending awards from the last 30 days (run once per login; each award credits once). */
  async creditPending(tx: EntityManager, userId: number): Promise<number> {
    const kickUserId = await this.repository.kickIdOf(tx, userId);
    if (kickUserId === null) return 0;
    let total = 0;
    for (const pending of await this.repository.pendingFor(tx, kickUserId, PENDING_AWARD_DAYS)) {
      await this.repository.markCredited(tx, pending.id, userId);
      await this.credit(tx, userId, pending);
      total += pending.points;
    }
    return total;
  }

  private async credit(tx: EntityManager, userId: number, award: Pick<Award, 'key' | 'source' | 'points' | 'xp'>): Promise<void> {
    if (award.points > 0)
      await this.economy.credit(tx, {
        userId,
        amount: award.points,
        reason: `activity.${award.source}`,
        reference: award.key.slice(0, 120),
        idempotencyKey: `activity:${award.key}`,
      });
    if (award.points > 0 || award.xp > 0)
      await this.outbox.add(tx, 'activity.awarded', {
        userId,
        source: award.source,
        points: award.points,
        xp: award.xp,
        key: award.key,
        at: new Date().toISOString(),
      });
  }
}
