import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ProgressionRepository, type XpTotals } from './progression.repository';
import { ProgressionBackfillRepository } from './progression-backfill.repository';
import { ProgressionRankService } from './progression-rank.service';

/** Members whose rules one statement checks: bounded statements, still few of them. */
const RULES_CHUNK = 1000;

export interface BackfillResult {
  newAwards: number;
  members: number;
  unlocked: number;
}

/**
 * `npm run progression:backfill`: XP, achievements and badges for data written before progression existed.
 * Idempotent: awards use the worker's keys, totals are recomputed from the ledger, unlocks are insert-if-absent.
 * Historic unlocks are silent (no toasts or stream alerts for last month's raffle entries).
 */
@Injectable()
export class ProgressionBackfillService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: ProgressionRepository,
    private readonly backfill: ProgressionBackfillRepository,
    private readonly rank: ProgressionRankService,
  ) {}

  async run(): Promise<BackfillResult> {
    const result = await this.em.fork().transactional(async (tx) => {
      const newAwards = await this.backfill.insertImpliedAwards(tx);
      await this.repository.recomputeTotals(tx);
      const members = await this.repository.membersWithXp(tx);
      let unlocked = 0;
      for (let i = 0; i < members.length; i += RULES_CHUNK) {
        const chunk = members.slice(i, i + RULES_CHUNK);
        unlocked += (await this.repository.applyRules(tx, chunk)).length;
      }
      return { newAwards, members: members.length, unlocked };
    });
    await this.rebuildRanks();
    return result;
  }

  async rebuildRanks(): Promise<void> {
    const em = this.em.fork();
    const repository = this.repository;
    async function* pages(): AsyncIterable<XpTotals[]> {
      let after = 0;
      for (;;) {
        const page = await repository.totalsAfter(em, after, 5000);
        if (page.length === 0) return;
        yield page;
        after = page[page.length - 1]!.user_id;
      }
    }
    await this.rank.replaceAll(pages());
  }
}
