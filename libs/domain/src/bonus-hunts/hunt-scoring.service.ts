import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { defaultHuntName } from '@kickback/contracts';
import { OutboxService } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { WinnersService } from '../winners/winners.service';
import { payPointsPrize } from '../winners/points-prize';
import { BonusHuntsRepository } from './bonus-hunts.repository';
import { HuntPredictionsRepository } from './hunt-predictions.repository';
import { rankingTarget, statisticsOf } from './hunt-views';

export interface HuntPrizeWinner {
  userId: number;
  rank: number;
  points: number;
}

export interface ScoringResult {
  scored: boolean;
  ranked: number;
  winners: HuntPrizeWinner[];
  /** Prizes credited by this run (0 when a previous run already paid them). */
  newlyPaid: number;
}

/**
 * Scores a completed hunt: stores every prediction's accuracy and final rank (the same ranking
 * as the live standings, measured against the final values) and credits the hunt's prize
 * points to the top ranks. Safe to run any number of times: ranks are recomputed to the same
 * values and each prize is a ledger credit with the idempotency key hunt-prize:{huntId}:{userId}.
 */
@Injectable()
export class HuntScoringService {
  constructor(
    private readonly economy: EconomyService,
    private readonly hunts: BonusHuntsRepository,
    private readonly predictions: HuntPredictionsRepository,
    private readonly outbox: OutboxService,
    private readonly winnersLedger: WinnersService,
  ) {}

  async score(tx: EntityManager, huntId: number): Promise<ScoringResult> {
    const hunt = await this.hunts.hunt(tx, huntId, 'for update');
    if (!hunt || hunt.status !== 'completed') return { scored: false, ranked: 0, winners: [], newlyPaid: 0 };
    const target = rankingTarget(hunt, statisticsOf(hunt, await this.hunts.games(tx, [huntId])));
    const ranked = await this.predictions.storeRanks(tx, huntId, target);
    const prizes = hunt.prize_points;
    const title = hunt.name ?? defaultHuntName(huntId);
    const winners = ranked
      .filter((r) => r.rank <= prizes.length && (prizes[r.rank - 1] ?? 0) > 0)
      .sort((a, b) => a.rank - b.rank)
      .map((r) => ({ userId: r.user_id, rank: r.rank, points: prizes[r.rank - 1]! }));
    let newlyPaid = 0;
    for (const winner of winners) {
      const prize = { source: 'hunt', id: huntId, title, path: '/bonus-hunts', ...winner } as const;
      if (await payPointsPrize(tx, this.economy, this.winnersLedger, prize)) newlyPaid += 1;
      await this.predictions.setPointsAwarded(tx, huntId, winner.userId, winner.points);
    }
    await this.hunts.markScored(tx, huntId);
    await this.outbox.add(tx, 'hunt.scored', {
      huntId,
      userIds: ranked.map((r) => r.user_id),
      winnerUserIds: winners.map((w) => w.userId),
      at: new Date().toISOString(),
    });
    return { scored: true, ranked: ranked.length, winners, newlyPaid };
  }
}
