import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TournamentListItem, TournamentPageData, TournamentPickBreakdown } from '@kickback/contracts';
import { VersionedAnswerCache, notFound, ok } from '@kickback/platform';
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

/** The shared answer of GET /tournaments/{id} (VersionedAnswerCache); every change to the tournament invalidates it. */
export const tournamentAnswer = (id: number) => `tournaments:${id}`;

/** Public reads (SPEC §7): anyone may browse tournaments, brackets and standings. */
@Injectable()
export class TournamentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly answers: VersionedAnswerCache,
  ) {}

  async list(): Promise<TournamentListItem[]> {
    return (await loadTournaments(this.em.fork())).map(toListItem);
  }

  /**
   * The GET /tournaments/{id} body, serialised. The bracket and standings are one cached answer every viewer
   * shares; a member's own picks are the one read of their own.
   */
  async pageAnswer(tournamentId: number, userId: number | null): Promise<string> {
    const shared = await this.answers.read(tournamentAnswer(tournamentId), async () => ({
      body: JSON.stringify(ok(await this.sharedPage(tournamentId))),
      meta: null,
    }));
    if (userId === null) return shared.body;
    const body = JSON.parse(shared.body) as { success: true; data: TournamentPageData };
    const picks = await memberPicks(this.em.fork(), tournamentId, userId);
    body.data.user_prediction = {
      matches: picks.map((p) => ({ tournament_match_id: p.match_id, predicted_winner_name: p.predicted_winner_name })),
    };
    return JSON.stringify(body);
  }

  /** The page as an anonymous visitor sees it. */
  async page(tournamentId: number): Promise<TournamentPageData> {
    return (JSON.parse(await this.pageAnswer(tournamentId, null)) as { data: TournamentPageData }).data;
  }

  private async sharedPage(tournamentId: number): Promise<TournamentPageData> {
    const em = this.em.fork();
    const detail = await loadDetail(em, tournamentId);
    if (!detail) throw notFound(TOURNAMENT_NOT_FOUND);
    const { completed_at: _completedAt, ...tournament } = detail;
    return { tournament, user_prediction: null, top_predictions: await loadStandings(em, tournamentId) };
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
