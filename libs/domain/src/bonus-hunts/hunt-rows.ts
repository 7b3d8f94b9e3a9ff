import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminHuntGame, HuntGame, HuntPrediction, HuntStatistics, HuntStatus } from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';
import { computeHuntStatistics } from './hunt-statistics';
import { humanizeSince } from './relative-time';

/** Raw reads shared by the public, admin, push and scoring paths, so they all see one model. */

export interface HuntRow {
  id: number;
  starting_balance: string;
  status: HuntStatus;
  predictions_active: boolean;
  prize_points: number[];
  final_balance: string | null;
  created_at: Date;
  completed_at: Date | null;
  scored_at: Date | null;
  predictions_count: string;
}

export interface GameRow {
  id: number;
  hunt_id: number;
  slot_id: number;
  position: number;
  bet: string;
  win: string | null;
  multiplier: string | null;
  opened: boolean;
  slot_name: string;
  slot_image: string | null;
  provider_name: string;
}

const HUNT_COLUMNS = `h.id, h.starting_balance::text as starting_balance, h.status, h.predictions_active, h.prize_points,
  h.final_balance::text as final_balance, h.created_at, h.completed_at, h.scored_at,
  (select count(*) from hunt_predictions p where p.hunt_id = h.id)::text as predictions_count`;

export async function loadHunt(em: EntityManager, id: number, lock: '' | 'for share' | 'for update' = ''): Promise<HuntRow | null> {
  // Row locks cannot sit next to the count subquery, so a locked read takes the row first.
  if (lock) await em.execute(`select id from hunts where id = ? ${lock}`, [id]);
  const rows = await em.execute<HuntRow[]>(`select ${HUNT_COLUMNS} from hunts h where h.id = ?`, [id]);
  return rows[0] ?? null;
}

export async function loadRunningHunt(em: EntityManager): Promise<HuntRow | null> {
  const rows = await em.execute<HuntRow[]>(`select ${HUNT_COLUMNS} from hunts h where h.status <> 'completed' order by h.id desc limit 1`);
  return rows[0] ?? null;
}

export async function loadHuntsPage(em: EntityManager, where: string, limit: number, offset: number): Promise<HuntRow[]> {
  return em.execute<HuntRow[]>(`select ${HUNT_COLUMNS} from hunts h where ${where} order by h.id desc limit ? offset ?`, [limit, offset]);
}

export async function loadGames(em: EntityManager, huntIds: number[]): Promise<GameRow[]> {
  if (huntIds.length === 0) return [];
  return em.execute<GameRow[]>(
    `select g.id, g.hunt_id, g.slot_id, g.position, g.bet::text as bet, g.win::text as win, g.multiplier::text as multiplier, g.opened,
            s.name as slot_name, s.image_url as slot_image, pr.name as provider_name
     from hunt_games g join slots s on s.id = g.slot_id join slot_providers pr on pr.id = s.provider_id
     where g.hunt_id = any(?::int[]) order by g.hunt_id, g.position, g.id`,
    [intArrayLiteral(huntIds)],
  );
}

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

export function rankingTarget(hunt: HuntRow, stats: HuntStatistics): RankingTarget {
  const final = hunt.status === 'completed' && hunt.final_balance !== null;
  return {
    endBalance: final ? hunt.final_balance! : stats.projected_end_balance.toFixed(2),
    highestMultiplier: (stats.highest_multiplier_game?.multiplier ?? 0).toFixed(2),
    gameName: stats.highest_multiplier_game?.slot_name ?? null,
    final,
  };
}

interface PredictionRow {
  id: number;
  user_id: number;
  live_rank: string;
  end_balance: string;
  highest_multiplier: string;
  highest_multiplier_game: string;
  created_at: Date;
  updated_at: Date;
  points_awarded: number;
  end_balance_difference: string;
  multiplier_difference: string;
  game_hit: boolean;
  username: string;
  kick_username: string | null;
  avatar_url: string | null;
}

/**
 * The ranking, in one SQL expression (scoring stores exactly this order):
 *  1. smallest |predicted end balance − target end balance|,
 *  2. the highest multiplier game named right (case-insensitive),
 *  3. smallest |predicted highest multiplier − actual highest multiplier|,
 *  4. earlier submission (the time the prediction was last saved), then lower id.
 * Differences are PostgreSQL numeric: exact.
 */
export const RANKED_PREDICTIONS_CTE = `ranked as (
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

export function rankedParams(huntId: number, target: RankingTarget): unknown[] {
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

export interface PredictionFilter {
  userId?: number;
  username?: string;
  limit: number;
  offset: number;
}

export async function loadRankedPredictions(
  em: EntityManager,
  huntId: number,
  target: RankingTarget,
  filter: PredictionFilter,
): Promise<HuntPrediction[]> {
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
  const rows = await em.execute<PredictionRow[]>(
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
  const now = new Date();
  return rows.map((r) => ({
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
  }));
}
