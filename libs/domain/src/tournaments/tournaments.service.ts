import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TournamentListItem, TournamentPageData, TournamentPickBreakdown } from '@kickback/contracts';
import { notFound } from '@kickback/platform';
import {
  loadDetail,
  loadStandings,
  loadTournaments,
  memberPicks,
  memberPicksWithResults,
  toListItem,
  tournamentExists,
} from './tournaments.repository';

export const TOURNAMENT_NOT_FOUND = 'Tournament not found.';

/** Public reads (SPEC §7): anyone may browse tournaments, brackets and standings. */
@Injectable()
export class TournamentsService {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<TournamentListItem[]> {
    return (await loadTournaments(this.em.fork())).map(toListItem);
  }

  async page(tournamentId: number, userId: number | null): Promise<TournamentPageData> {
    const em = this.em.fork();
    const detail = await loadDetail(em, tournamentId);
    if (!detail) throw notFound(TOURNAMENT_NOT_FOUND);
    const { completed_at: _completedAt, ...tournament } = detail;
    let userPrediction: TournamentPageData['user_prediction'] = null;
    if (userId !== null) {
      const picks = await memberPicks(em, tournamentId, userId);
      userPrediction = {
        matches: picks.map((p) => ({ tournament_match_id: p.match_id, predicted_winner_name: p.predicted_winner_name })),
      };
    }
    return { tournament, user_prediction: userPrediction, top_predictions: await loadStandings(em, tournamentId) };
  }

  /** One member's picks in bracket order, each with the match result once decided. */
  async breakdown(tournamentId: number, userId: number): Promise<TournamentPickBreakdown[]> {
    const em = this.em.fork();
    if (!(await tournamentExists(em, tournamentId))) throw notFound(TOURNAMENT_NOT_FOUND);
    const rows = await memberPicksWithResults(em, tournamentId, userId);
    return rows.map((r) => ({
      tournament_match_id: r.match_id,
      round: r.round,
      match_number: r.match_number,
      predicted_winner_name: r.predicted_winner_name,
      winner_name: r.winner_name,
      correct: r.winner_name === null ? null : r.winner_name === r.predicted_winner_name,
    }));
  }
}
