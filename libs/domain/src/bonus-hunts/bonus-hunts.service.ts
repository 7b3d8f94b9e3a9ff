import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  defaultHuntName,
  type CurrentHuntData,
  type HuntGamePush,
  type HuntOverallStats,
  type HuntPage,
  type HuntPrediction,
  type HuntResults,
  type HuntSummary,
  HUNT_RESULTS_PODIUM,
} from '@kickback/contracts';
import { VersionedAnswerCache, notFound, ok, pagination, type SharedAnswer, isoOrNull } from '@kickback/platform';
import { BonusHuntsRepository, type GameRow, type HuntRow } from './bonus-hunts.repository';
import { HuntPredictionsRepository, type PredictionFilter, type RankingTarget } from './hunt-predictions.repository';
import { rankingTarget, statisticsOf, toGame, toPrediction } from './hunt-views';
import { humanizeSince } from './relative-time';

export const PREDICTIONS_PER_PAGE = 20;
export const HISTORY_PER_PAGE = 10;
export const TOP_PREDICTIONS = 10;
/** The shared answer of GET /current (VersionedAnswerCache); every change to a hunt invalidates it. */
export const CURRENT_HUNT_ANSWER = 'hunts:current';

const NO_HUNT: CurrentHuntData = { hunt: null, statistics: null, games: [], user_prediction: null, top_predictions: [], results: null };

function toSummary(hunt: HuntRow, games: GameRow[]): HuntSummary {
  return {
    id: hunt.id,
    name: hunt.name ?? defaultHuntName(hunt.id),
    status: hunt.status,
    predictions_active: hunt.predictions_active,
    created_at: new Date(hunt.created_at).toISOString(),
    created_at_human: humanizeSince(new Date(hunt.created_at)),
    completed_at: isoOrNull(hunt.completed_at),
    predictions_count: Number(hunt.predictions_count),
    statistics: statisticsOf(hunt, games),
  };
}

/** The public side of bonus hunts (SPEC §7 GET calls) and the payloads pushed to hunt rooms. */
@Injectable()
export class BonusHuntsService {
  constructor(
    private readonly em: EntityManager,
    private readonly hunts: BonusHuntsRepository,
    private readonly predictionRows: HuntPredictionsRepository,
    private readonly cache: VersionedAnswerCache,
  ) {}

  /**
   * The GET /current body, serialised. Every viewer shares one cached answer; a member's own
   * prediction is the one read of their own, ranked against the same target as the shared standings.
   */
  async currentAnswer(viewerId: number | null): Promise<string> {
    const shared = await this.cache.read(CURRENT_HUNT_ANSWER, () => this.sharedCurrent());
    if (viewerId === null || shared.meta === null) return shared.body;
    const body = JSON.parse(shared.body) as { success: true; data: CurrentHuntData };
    const [own] = await this.ranked(this.em.fork(), body.data.hunt!.id, shared.meta, { userId: viewerId, limit: 1, offset: 0 });
    body.data.user_prediction = own ?? null;
    return JSON.stringify(body);
  }

  /** meta: the ranking target a member's own prediction is ranked against, null without a running hunt. */
  private async sharedCurrent(): Promise<SharedAnswer<RankingTarget | null>> {
    const em = this.em.fork();
    const hunt = await this.hunts.runningHunt(em);
    if (!hunt) return { body: JSON.stringify(ok({ ...NO_HUNT, results: await this.lastResults(em) })), meta: null };
    const games = await this.hunts.games(em, [hunt.id]);
    const summary = toSummary(hunt, games);
    const target = rankingTarget(hunt, summary.statistics);
    const top = await this.ranked(em, hunt.id, target, { limit: TOP_PREDICTIONS, offset: 0 });
    const data: CurrentHuntData = {
      hunt: summary,
      statistics: summary.statistics,
      games: games.map(toGame),
      user_prediction: null,
      top_predictions: top,
      results: null,
    };
    return { body: JSON.stringify(ok(data)), meta: target };
  }

  /** The last completed hunt's results, ranked against its final balance (the order scoring stores). */
  private async lastResults(em: EntityManager): Promise<HuntResults | null> {
    const hunt = await this.hunts.lastCompletedHunt(em);
    if (!hunt) return null;
    const statistics = statisticsOf(hunt, await this.hunts.games(em, [hunt.id]));
    const finalBalance = hunt.final_balance === null ? statistics.winnings : Number(hunt.final_balance);
    return {
      hunt_id: hunt.id,
      name: hunt.name ?? defaultHuntName(hunt.id),
      completed_at: isoOrNull(hunt.completed_at),
      scored: hunt.scored_at !== null,
      starting_balance: statistics.starting_balance,
      final_balance: finalBalance,
      // In cents, so 1000.10 − 999.90 is 0.2 and not 0.20000000000005.
      profit: Math.round(finalBalance * 100 - statistics.starting_balance * 100) / 100,
      best_slot: statistics.highest_multiplier_game,
      predictions_count: Number(hunt.predictions_count),
      top_predictions: await this.ranked(em, hunt.id, rankingTarget(hunt, statistics), { limit: HUNT_RESULTS_PODIUM, offset: 0 }),
    };
  }

  async predictions(huntId: number, page: number): Promise<HuntPage<HuntPrediction>> {
    const em = this.em.fork();
    const hunt = await this.requireHunt(em, huntId);
    const stats = statisticsOf(hunt, await this.hunts.games(em, [hunt.id]));
    const total = Number(hunt.predictions_count);
    const data = await this.ranked(em, hunt.id, rankingTarget(hunt, stats), {
      limit: PREDICTIONS_PER_PAGE,
      offset: (page - 1) * PREDICTIONS_PER_PAGE,
    });
    return { data, pagination: pagination(page, PREDICTIONS_PER_PAGE, total) };
  }

  /** One member's prediction by username or Kick username; null when they made none. */
  async search(huntId: number, username: string): Promise<HuntPrediction | null> {
    const em = this.em.fork();
    const hunt = await this.requireHunt(em, huntId);
    const stats = statisticsOf(hunt, await this.hunts.games(em, [hunt.id]));
    const [found] = await this.ranked(em, hunt.id, rankingTarget(hunt, stats), { username, limit: 1, offset: 0 });
    return found ?? null;
  }

  async stats(): Promise<HuntOverallStats> {
    const { total, completed, predictions } = await this.hunts.overallCounts(this.em.fork());
    return {
      total_hunts: total,
      completed_hunts: completed,
      active_hunts: total - completed,
      total_predictions: predictions,
      // Two decimals, computed on integers: round(predictions / hunts, 2).
      average_predictions_per_hunt: total === 0 ? 0 : Math.round((predictions * 100) / total) / 100,
    };
  }

  /** Completed hunts, newest first. */
  async history(page: number): Promise<HuntPage<HuntSummary>> {
    const em = this.em.fork();
    const total = await this.hunts.huntsCount(em, true);
    const hunts = await this.hunts.huntsPage(em, true, HISTORY_PER_PAGE, (page - 1) * HISTORY_PER_PAGE);
    const games = await this.hunts.games(
      em,
      hunts.map((h) => h.id),
    );
    const data = hunts.map((hunt) =>
      toSummary(
        hunt,
        games.filter((g) => g.hunt_id === hunt.id),
      ),
    );
    return { data, pagination: pagination(page, HISTORY_PER_PAGE, total) };
  }

  /** What hunt:{id} receives after a bet or win changed; read fresh so late pushes never show stale data. */
  async gamePush(huntId: number, gameId: number): Promise<HuntGamePush | null> {
    const em = this.em.fork();
    const hunt = await this.hunts.hunt(em, huntId);
    if (!hunt) return null;
    const games = await this.hunts.games(em, [huntId]);
    const game = games.find((g) => g.id === gameId);
    if (!game) return null;
    const statistics = statisticsOf(hunt, games);
    const top = await this.ranked(em, huntId, rankingTarget(hunt, statistics), { limit: TOP_PREDICTIONS, offset: 0 });
    return { hunt_id: huntId, game: toGame(game), statistics, top_predictions: top };
  }

  async topPredictions(huntId: number): Promise<HuntPrediction[]> {
    const em = this.em.fork();
    const hunt = await this.hunts.hunt(em, huntId);
    if (!hunt) return [];
    const stats = statisticsOf(hunt, await this.hunts.games(em, [huntId]));
    return this.ranked(em, huntId, rankingTarget(hunt, stats), { limit: TOP_PREDICTIONS, offset: 0 });
  }

  async huntState(
    huntId: number,
  ): Promise<{ name: string; status: HuntRow['status']; predictions_active: boolean; predictions_count: number } | null> {
    const hunt = await this.hunts.hunt(this.em.fork(), huntId);
    return hunt
      ? {
          name: hunt.name ?? defaultHuntName(hunt.id),
          status: hunt.status,
          predictions_active: hunt.predictions_active,
          predictions_count: Number(hunt.predictions_count),
        }
      : null;
  }

  async prizeWinners(huntId: number): Promise<{ userId: number; rank: number; points: number }[]> {
    const rows = await this.predictionRows.prizeWinners(this.em.fork(), huntId);
    return rows.map((r) => ({ userId: r.user_id, rank: r.rank, points: r.points_awarded }));
  }

  private async ranked(em: EntityManager, huntId: number, target: RankingTarget, filter: PredictionFilter): Promise<HuntPrediction[]> {
    const rows = await this.predictionRows.ranked(em, huntId, target, filter);
    const now = new Date();
    return rows.map((r) => toPrediction(r, target, now));
  }

  private async requireHunt(em: EntityManager, huntId: number): Promise<HuntRow> {
    const hunt = await this.hunts.hunt(em, huntId);
    if (!hunt) throw notFound('Bonus hunt not found.');
    return hunt;
  }
}
