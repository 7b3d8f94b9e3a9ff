import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EconomyService } from '../economy/economy.service';
import { RANKED_PREDICTIONS_CTE, loadGames, loadHunt, rankedParams, rankingTarget, statisticsOf } from './hunt-rows';

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
  constructor(private readonly economy: EconomyService) {}

  async score(tx: EntityManager, huntId: number): Promise<ScoringResult> {
    const hunt = await loadHunt(tx, huntId, 'for update');
    if (!hunt || hunt.status !== 'completed') return { scored: false, ranked: 0, winners: [], newlyPaid: 0 };
    const target = rankingTarget(hunt, statisticsOf(hunt, await loadGames(tx, [huntId])));
    const ranked = await tx.execute<{ user_id: number; rank: number }[]>(
      `with ${RANKED_PREDICTIONS_CTE}
       update hunt_predictions p set rank = r.live_rank, end_balance_difference = r.balance_diff,
         multiplier_difference = r.multiplier_diff, game_hit = r.hit
       from ranked r where p.id = r.id
       returning p.user_id, p.rank`,
      rankedParams(huntId, target),
    );
    const prizes = hunt.prize_points;
    const winners = ranked
      .filter((r) => r.rank <= prizes.length && (prizes[r.rank - 1] ?? 0) > 0)
      .sort((a, b) => a.rank - b.rank)
      .map((r) => ({ userId: r.user_id, rank: r.rank, points: prizes[r.rank - 1]! }));
    let newlyPaid = 0;
    for (const winner of winners) {
      const result = await this.economy.credit(tx, {
        userId: winner.userId,
        amount: winner.points,
        reason: 'hunt.prize',
        reference: `hunt:${huntId}`,
        idempotencyKey: `hunt-prize:${huntId}:${winner.userId}`,
        note: `Bonus Hunt #${huntId}: rank ${winner.rank}`,
      });
      if (result.applied) newlyPaid += 1;
      await tx.execute('update hunt_predictions set points_awarded = ? where hunt_id = ? and user_id = ?', [
        winner.points,
        huntId,
        winner.userId,
      ]);
    }
    await tx.execute('update hunts set scored_at = coalesce(scored_at, now()) where id = ?', [huntId]);
    return { scored: true, ranked: ranked.length, winners, newlyPaid };
  }
}
