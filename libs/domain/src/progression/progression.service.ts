import { levelForXp, type ProgressionCounter } from '@kickback/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OutboxService } from '@kickback/platform';
import { ProgressionRepository } from './progression.repository';
import { ProgressionRankService } from './progression-rank.service';
import type { XpAward } from './xp-awards';
import type { XpTotals } from './progression.repository';

/**
 * Awards XP exactly once per award key and applies what follows in the same transaction: the level (SPEC §5,
 * floor(xp / 1000) + 1), achievements and rule badges the members now meet, and the events that announce them.
 */
@Injectable()
export class ProgressionService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: ProgressionRepository,
    private readonly outbox: OutboxService,
    private readonly rank: ProgressionRankService,
  ) {}

  /**
   * All awards of one event together, in a handful of statements however many there are (a raffle batch holds up to
   * 250 entries). A member's level-up is announced once, at the level the awards together reached. Returns the new
   * totals of the members whose XP changed, for their ranks after commit.
   */
  async awardAll(tx: EntityManager, awards: readonly XpAward[]): Promise<XpTotals[]> {
    const changed = await this.repository.appendAwards(
      tx,
      awards.filter((a) => a.xp > 0),
    );
    if (changed.length === 0) return [];
    const at = new Date().toISOString();
    const levelUps = changed.filter((t) => t.level > t.previous_level);
    await this.outbox.addMany(
      tx,
      'progression.level-reached',
      levelUps.map((t) => ({ userId: t.user_id, level: t.level, at })),
    );
    const unlocked = await this.repository.applyRules(
      tx,
      changed.map((t) => t.user_id),
    );
    await this.outbox.addMany(
      tx,
      'progression.achievement-unlocked',
      unlocked.map((a) => ({ userId: a.user_id, achievementId: a.id, name: a.name, icon: a.icon, at })),
    );
    return changed;
  }

  /** After commit: the members' places in the rank set follow the totals awardAll returned. */
  async updateRanks(totals: XpTotals[]): Promise<void> {
    await this.rank.set(totals);
  }

  /** The same from the database, when the awards were committed by an earlier run (a redelivered event). */
  async refreshRanks(userIds: number[]): Promise<void> {
    await this.rank.set(await this.repository.totals(this.em.fork(), userIds));
  }

  async rankOf(userId: number): Promise<number> {
    return this.rank.rankOf(userId);
  }

  /** The member's level (a member without XP yet is at level 1). */
  async levelOf(userId: number): Promise<number> {
    const [totals] = await this.repository.totals(this.em.fork(), [userId]);
    return totals?.level ?? levelForXp(0);
  }

  /** The member's rule counters, for the progress a locked achievement shows. */
  counters(userId: number): Promise<Partial<Record<ProgressionCounter, number>>> {
    return this.repository.counters(this.em.fork(), userId);
  }

  async username(userId: number): Promise<string | null> {
    return this.repository.username(this.em.fork(), userId);
  }
}
