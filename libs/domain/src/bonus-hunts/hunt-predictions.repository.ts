import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { HuntPrediction, HuntPredictionInput } from '@kickback/contracts';

/**
 * What predictions are measured against: the projected end balance and the current highest
 * multiplier game while the hunt runs, the final values once it is completed (then the
 * projection equals the final balance, see docs/bonus-hunt-statistics.md).
 */
export interface RankingTarget {
  endBalance: string;
  highestMultiplier: string;
  gameName: string | null;
  final: boolean;
}

/** A ranked prediction as stored: numeric values as text, with its member. */
export type RankedPredictionRow = Pick<HuntPrediction, 'id' | 'highest_multiplier_game' | 'points_awarded'> & {
  user_id: number;
  live_rank: string;
  end_balance: string;
  highest_multiplier: string;
  created_at: Date;
  updated_at: Date;
  end_balance_difference: string;
  multiplier_difference: string;
  game_hit: boolean;
  username: string;
  kick_username: string | null;
  avatar_url: string | null;
};

export interface PredictionFilter {
  userId?: number;
  username?: string;
  limit: number;
  offset: number;
}

/**
 * The ranking, in one SQL expression (scoring stores exactly this order):
 *  1. smallest |predicted end balance − target end balance|,
 *  2. the highest multiplier game named right (case-insensitive),
 *  3. smallest |predicted highest multiplier − actual highest multiplier|,
 *  4. earlier submission (the time the prediction was last saved), then lower id.
 * Differences are PostgreSQL numeric: exact.
 */
const RANKED_PREDICTIONS_CTE = `ranked as (
  select p.id, p.user_id, p.end_balance, p.highest_multiplier, p.highest_multiplier_game, p.created_at, p.updated_at, p.points_awarded,
    (p.end_balance - ?::numeric) as balance_diff,
    (p.highest_multiplier - ?::numeric) as multiplier_diff,
    coalesce(lower(p.highest_multiplier_game) = lower(trim(?::text)), false) as hit,
    row_number() over (
      order by abs(p.end_balance - ?::numeric),
               coalesce(lower(p.highest_multiplier_game) = lower(trim(?::text)), false) desc,
               abs(p.highest_multiplier - ?::numeric),
               p.updated_at, p.id
    ) as live_rank
  from hunt_predictions p where p.hunt_id = ?
)`;

function rankedParams(huntId: number, target: RankingTarget): unknown[] {
  return [
    target.endBalance,
    target.highestMultiplier,
    target.gameName,
    target.endBalance,
    target.gameName,
    target.highestMultiplier,
    huntId,
  ];
}

/** Members' predictions: the one upsert per member and hunt, the ranked standings, and the scoring's writes. */
@Injectable()
export class HuntPredictionsRepository {
  /**
   * One row per member and hunt (UNIQUE (hunt_id, user_id)): a second submit replaces the first, so parallel
   * submits from one member end as one row. `created` tells a first prediction from an update.
   */
  async upsert(em: EntityManager, huntId: number, userId: number, input: HuntPredictionInput): Promise<{ id: number; created: boolean }> {
    const [row] = await em.execute<{ id: number; created: boolean }[]>(
      `insert into hunt_predictions (hunt_id, user_id, end_balance, highest_multiplier, highest_multiplier_game)
       values (?, ?, ?::numeric, ?::numeric, ?)
       on conflict (hunt_id, user_id) do update set
         end_balance = excluded.end_balance,
         highest_multiplier = excluded.highest_multiplier,
         highest_multiplier_game = excluded.highest_multiplier_game,
         updated_at = now()
       returning id, (xmax = 0) as created`,
      [huntId, userId, input.end_balance, input.highest_multiplier, input.highest_multiplier_game],
    );
    return row!;
  }

  /** The standings against `target`, filtered to one member (by id, or by username or Kick username) or a page. */
  async ranked(em: EntityManager, huntId: number, target: RankingTarget, filter: PredictionFilter): Promise<RankedPredictionRow[]> {
    const where: string[] = [];
    const params: unknown[] = rankedParams(huntId, target);
    if (filter.userId !== undefined) {
      where.push('r.user_id = ?');
      params.push(filter.userId);
    }
    if (filter.username !== undefined) {
      where.push('(lower(u.username) = lower(?) or lower(u.kick_username) = lower(?))');
      params.push(filter.username, filter.username);
    }
    params.push(filter.limit, filter.offset);
    return em.execute<RankedPredictionRow[]>(
      `with ${RANKED_PREDICTIONS_CTE}
       select r.id, r.user_id, r.live_rank::text as live_rank, r.end_balance::text as end_balance, r.highest_multiplier::text as highest_multiplier,
              r.highest_multiplier_game, r.created_at, r.updated_at, r.points_awarded,
              r.balance_diff::text as end_balance_difference, r.multiplier_diff::text as multiplier_difference, r.hit as game_hit,
              u.username, u.kick_username, u.avatar_url
       from ranked r join users u on u.id = r.user_id
       ${where.length ? `where ${where.join(' and ')}` : ''}
       order by r.live_rank limit ? offset ?`,
      params,
    );
  }

  /** Stores every prediction's final rank and accuracy (the live ranking against the final values). */
  async storeRanks(em: EntityManager, huntId: number, target: RankingTarget): Promise<{ user_id: number; rank: number }[]> {
    return em.execute<{ user_id: number; rank: number }[]>(
      `with ${RANKED_PREDICTIONS_CTE}
       update hunt_predictions p set rank = r.live_rank, end_balance_difference = r.balance_diff,
         multiplier_difference = r.multiplier_diff, game_hit = r.hit
       from ranked r where p.id = r.id
       returning p.user_id, p.rank`,
      rankedParams(huntId, target),
    );
  }

  async setPointsAwarded(em: EntityManager, huntId: number, userId: number, points: number): Promise<void> {
    await em.execute('update hunt_predictions set points_awarded = ? where hunt_id = ? and user_id = ?', [points, huntId, userId]);
  }

  /** Members who won points, best rank first. */
  async prizeWinners(em: EntityManager, huntId: number): Promise<{ user_id: number; rank: number; points_awarded: number }[]> {
    return em.execute<{ user_id: number; rank: number; points_awarded: number }[]>(
      'select user_id, rank, points_awarded from hunt_predictions where hunt_id = ? and points_awarded > 0 order by rank',
      [huntId],
    );
  }
}
