import type { AdminHuntGame, HuntGame, HuntPrediction, HuntStatistics } from '@kickback/contracts';
import type { GameRow, HuntRow } from './bonus-hunts.repository';
import type { RankedPredictionRow, RankingTarget } from './hunt-predictions.repository';
import { computeHuntStatistics } from './hunt-statistics';
import { humanizeSince } from './relative-time';

/** The contract shapes built from stored rows, shared by the public, admin, push and scoring paths. */

export function statisticsOf(hunt: Pick<HuntRow, 'starting_balance'>, games: GameRow[]): HuntStatistics {
  return computeHuntStatistics(
    hunt.starting_balance,
    games.map((g) => ({ slotName: g.slot_name, position: g.position, bet: g.bet, win: g.win, multiplier: g.multiplier })),
  );
}

export function toGame(row: GameRow): HuntGame {
  return {
    id: row.id,
    slot_name: row.slot_name,
    slot_image: row.slot_image,
    provider: { name: row.provider_name },
    slot_bet: Number(row.bet),
    slot_win: row.win === null ? null : Number(row.win),
    multiplier: row.multiplier === null ? (row.win === null ? null : 0) : Number(row.multiplier),
    opened: row.opened,
    position: row.position,
  };
}

export function toAdminGame(row: GameRow): AdminHuntGame {
  return { ...toGame(row), slot_id: row.slot_id };
}

export function rankingTarget(hunt: HuntRow, stats: HuntStatistics): RankingTarget {
  const final = hunt.status === 'completed' && hunt.final_balance !== null;
  return {
    endBalance: final ? hunt.final_balance! : stats.projected_end_balance.toFixed(2),
    highestMultiplier: (stats.highest_multiplier_game?.multiplier ?? 0).toFixed(2),
    gameName: stats.highest_multiplier_game?.slot_name ?? null,
    final,
  };
}

/** Accuracy is shown once the ranking is final. */
export function toPrediction(r: RankedPredictionRow, target: RankingTarget, now: Date): HuntPrediction {
  return {
    id: r.id,
    rank: Number(r.live_rank),
    end_balance: Number(r.end_balance),
    highest_multiplier: Number(r.highest_multiplier),
    highest_multiplier_game: r.highest_multiplier_game,
    created_at: new Date(r.created_at).toISOString(),
    created_at_human: humanizeSince(new Date(r.created_at), now),
    updated_at: new Date(r.updated_at).toISOString(),
    user: { id: r.user_id, username: r.username, kick_username: r.kick_username, avatar_url: r.avatar_url },
    accuracy: target.final
      ? {
          end_balance_difference: Number(r.end_balance_difference),
          multiplier_difference: Number(r.multiplier_difference),
          game_hit: r.game_hit,
        }
      : null,
    points_awarded: r.points_awarded,
  };
}
