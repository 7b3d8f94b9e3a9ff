import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OutboxService } from '@kickback/platform';
import { ProgressionRepository } from './progression.repository';
import { ProgressionRankService } from './progression-rank.service';
import type { XpAward } from './xp-awards';

export interface AwardResult {
  awarded: boolean;
  xp: number;
  level: number;
}

/**
 * Awards XP exactly once per award key and applies what follows in the same transaction: the level (SPEC §5,
 * floor(xp / 1000) + 1), achievements and rule badges the member now meets, and the events that announce them.
 */
@Injectable()
export class ProgressionService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: ProgressionRepository,
    private readonly outbox: OutboxService,
    private readonly rank: ProgressionRankService,
  ) {}

  async award(tx: EntityManager, award: XpAward): Promise<AwardResult> {
    if (award.xp <= 0) return { awarded: false, xp: 0, level: 1 };
    const ledgerId = await this.repository.appendLedger(tx, award);
    if (ledgerId === null) return { awarded: false, xp: 0, level: 1 };
    const total = await this.repository.addToTotal(tx, award.userId, award.xp, ledgerId);
    const at = new Date().toISOString();
    if (total.level > total.previousLevel) {
      await this.outbox.add(tx, 'progression.level-reached', { userId: award.userId, level: total.level, at });
    }
    await this.applyRules(tx, award.userId, at);
    return { awarded: true, xp: total.xp, level: total.level };
  }

  /** Unlocks achievements and grants rule badges the member's counters now reach. */
  async applyRules(tx: EntityManager, userId: number, at = new Date().toISOString()): Promise<void> {
    for (const a of await this.repository.unlockAchievements(tx, userId)) {
      await this.outbox.add(tx, 'progression.achievement-unlocked', { userId, achievementId: a.id, name: a.name, icon: a.icon, at });
    }
    await this.repository.grantRuleBadges(tx, userId);
  }

  /** After commit: the members' places in the rank set follow their new totals. */
  async refreshRanks(userIds: number[]): Promise<void> {
    await this.rank.set(await this.repository.totals(this.em.fork(), userIds));
  }

  async rankOf(userId: number): Promise<number> {
    return this.rank.rankOf(userId);
  }

  async username(userId: number): Promise<string | null> {
    return this.repository.username(this.em.fork(), userId);
  }
}
