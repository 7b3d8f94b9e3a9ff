import type {
  TournamentListItem,
  TournamentMatch,
  TournamentMatchPush,
  TournamentPageData,
  TournamentPickBreakdown,
  TournamentPredictResult,
  TournamentUpdatedPush,
} from '@kickback/contracts';
import { TOURNAMENT_STANDINGS_LIMIT } from '@kickback/contracts/tournament-standings';

/** A 'tournament:match' push: the decided match and the next-round slot it filled. */
export function applyMatchPush(draft: TournamentPageData, push: TournamentMatchPush): boolean {
  if (draft.tournament.id !== push.tournament_id) return false;
  for (const match of push.matches) {
    const index = draft.tournament.matches.findIndex((m) => m.id === match.id);
    if (index !== -1) draft.tournament.matches[index] = match;
  }
  draft.tournament.progress = push.progress;
  draft.tournament.winner = push.winner;
  return true;
}

/** A 'tournament:updated' push carries the whole public state; the member's own picks stay. */
export function applyTournamentUpdate(draft: TournamentPageData, push: TournamentUpdatedPush): boolean {
  if (draft.tournament.id !== push.tournament.id) return false;
  draft.tournament = push.tournament;
  draft.top_predictions = push.top_predictions;
  return true;
}

/** The list's card of a tournament whose detail changed (the detail carries every field of the card). */
export function applyToListItem(draft: TournamentListItem[], change: Partial<TournamentListItem> & { id: number }): void {
  const item = draft.find((t) => t.id === change.id);
  if (!item) return;
  for (const key of Object.keys(item) as (keyof TournamentListItem)[]) {
    if (key in change) (item as unknown as Record<string, unknown>)[key] = change[key];
  }
}

/**
 * The answer of a save: the member's picks, the predictor count and the member's own standing. The count only grows
 * (picks are never withdrawn), so a push read later is never undone by an answer read earlier. The standing keeps its
 * place when listed; a new predictor has 0 correct and the latest first pick, so they come last when the list has room.
 */
export function applyPredictResult(draft: TournamentPageData, result: TournamentPredictResult): void {
  draft.user_prediction = result.user_prediction;
  draft.tournament.predictions_count = Math.max(draft.tournament.predictions_count, result.predictions_count);
  const index = draft.top_predictions.findIndex((p) => p.user.id === result.standing.user.id);
  if (index !== -1) draft.top_predictions[index] = result.standing;
  else if (draft.top_predictions.length < TOURNAMENT_STANDINGS_LIMIT) draft.top_predictions.push(result.standing);
}

/** A member's pick breakdown after match results were pushed: the decided picks get their result. */
export function applyMatchesToBreakdown(draft: TournamentPickBreakdown[], matches: TournamentMatch[]): void {
  for (const match of matches) {
    const pick = draft.find((p) => p.tournament_match_id === match.id);
    if (!pick) continue;
    pick.winner_name = match.winner_name;
    pick.correct = match.winner_name === null ? null : match.winner_name === pick.predicted_winner_name;
  }
}
