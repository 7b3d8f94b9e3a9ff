import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EconomyService } from '../economy/economy.service';
import { WinnersService } from '../winners/winners.service';
import { payPointsPrize } from '../winners/points-prize';
import { loadStandings, loadTournament } from './tournaments.repository';

export interface TournamentPrizeWinner {
  userId: number;
  rank: number;
  points: number;
}

export interface TournamentPrizeResult {
  awarded: boolean;
  winners: TournamentPrizeWinner[];
  /** Prizes credited by this run (0 when an earlier run already paid them). */
  newlyPaid: number;
}

/**
 * Pays a completed tournament's prize points to its top predictors (the public standings,
 * members with at least one correct pick). Safe to run any number of times: each prize is a
 * ledger credit with the idempotency key tournament-prize:{id}:{userId}, entered once in the winners ledger.
 */
@Injectable()
export class TournamentPrizesService {
  constructor(
    private readonly economy: EconomyService,
    private readonly winnersLedger: WinnersService,
  ) {}

  async winners(tx: EntityManager, tournamentId: number, prizes: number[]): Promise<TournamentPrizeWinner[]> {
    if (prizes.length === 0) return [];
    const standings = await loadStandings(tx, tournamentId, prizes.length);
    return standings
      .map((s, i) => ({ userId: s.user.id, rank: i + 1, points: prizes[i] ?? 0, correct: s.correct }))
      .filter((w) => w.correct > 0 && w.points > 0)
      .map(({ userId, rank, points }) => ({ userId, rank, points }));
  }

  async award(tx: EntityManager, tournamentId: number): Promise<TournamentPrizeResult> {
    const tournament = await loadTournament(tx, tournamentId, 'for update');
    if (!tournament || !tournament.completed_at) return { awarded: false, winners: [], newlyPaid: 0 };
    const winners = await this.winners(tx, tournamentId, tournament.prize_points);
    let newlyPaid = 0;
    for (const winner of winners) {
      const path = `/tournaments/${tournamentId}`;
      const prize = { source: 'tournament', id: tournamentId, title: tournament.name, path, ...winner } as const;
      if (await payPointsPrize(tx, this.economy, this.winnersLedger, prize)) newlyPaid += 1;
    }
    return { awarded: true, winners, newlyPaid };
  }
}
