import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TournamentPredictInput, TournamentPredictResult } from '@kickback/contracts';
import { ApiError, OutboxService, notFound, unprocessable } from '@kickback/platform';
import { lockPickableMatches, lockPredictionsActive, upsertPick } from './tournament-writes.repository';
import { countPredictors, loadMemberStanding, memberPicks } from './tournaments.repository';
import { TOURNAMENT_NOT_FOUND } from './tournaments.service';

export const TOURNAMENT_PREDICTIONS_CLOSED = 'Predictions are no longer active for this tournament';
export const NO_PICKS_MESSAGE = 'Please make at least one prediction';

/**
 * Bracket picks (SPEC §5): one row per member per match (UNIQUE (user_id, match_id)), every
 * pick of a call upserted in one transaction. The tournament row is read FOR SHARE and the
 * picked matches FOR SHARE, so an admin closing predictions or deciding a match waits for
 * in-flight saves, and a save that starts afterwards sees the change and is refused.
 */
@Injectable()
export class TournamentPredictionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  /** Saves the picks, then answers what the page shows after a save (read after commit, so the locks are not held longer). */
  async predict(tournamentId: number, userId: number, input: TournamentPredictInput): Promise<TournamentPredictResult> {
    await this.save(tournamentId, userId, input);
    const em = this.em.fork();
    const [picks, predictionsCount, standing] = await Promise.all([
      memberPicks(em, tournamentId, userId),
      countPredictors(em, tournamentId),
      loadMemberStanding(em, tournamentId, userId),
    ]);
    return {
      user_prediction: {
        matches: picks.map((p) => ({ tournament_match_id: p.match_id, predicted_winner_name: p.predicted_winner_name })),
      },
      predictions_count: predictionsCount,
      // The member exists (their session does), so the row does too.
      standing: standing!,
    };
  }

  private async save(tournamentId: number, userId: number, input: TournamentPredictInput): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const predictionsActive = await lockPredictionsActive(tx, tournamentId);
      if (predictionsActive === null) throw notFound(TOURNAMENT_NOT_FOUND);
      if (!predictionsActive) throw new ApiError(409, TOURNAMENT_PREDICTIONS_CLOSED);
      if (input.predictions.length === 0) throw unprocessable(NO_PICKS_MESSAGE, { predictions: [NO_PICKS_MESSAGE] });

      const ids = input.predictions.map((p) => p.match_id);
      const matches = await lockPickableMatches(tx, [...new Set(ids)]);
      const byId = new Map(matches.map((m) => [m.id, m]));
      const errors: Record<string, string[]> = {};
      const seen = new Set<number>();
      input.predictions.forEach((pick, i) => {
        const match = byId.get(pick.match_id);
        const error = seen.has(pick.match_id)
          ? 'Pick each match only once.'
          : !match || match.tournament_id !== tournamentId
            ? 'This match is not part of this tournament.'
            : match.winner_name !== null
              ? 'This match is already decided.'
              : match.slot1_name === null || match.slot2_name === null
                ? 'Both slots of this match are not known yet.'
                : pick.winner_name !== match.slot1_name && pick.winner_name !== match.slot2_name
                  ? 'Pick one of the two slots of this match.'
                  : null;
        seen.add(pick.match_id);
        if (error) errors[`predictions.${i}`] = [error];
      });
      if (Object.keys(errors).length > 0) throw unprocessable('Some predictions cannot be made.', errors);

      // Same lock order in every transaction, so parallel saves of one member never deadlock.
      for (const pick of [...input.predictions].sort((a, b) => a.match_id - b.match_id)) {
        await upsertPick(tx, tournamentId, pick.match_id, userId, pick.winner_name);
      }
      await this.outbox.add(tx, 'tournament.predicted', { tournamentId, userId, at: new Date().toISOString() });
    });
  }
}
