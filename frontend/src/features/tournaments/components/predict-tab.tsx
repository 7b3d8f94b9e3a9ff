import { useMemo, useState } from 'react';
import type { TournamentPageData } from '@kickback/contracts';
import { useAppSelector } from '../../../app/hooks';
import { errorMessage } from '../../../lib/api-error';
import { selectCurrentUser } from '../../../lib/session-slice';
import { useToast } from '../../../lib/use-toast';
import { isPickable } from '../tournament-view';
import { useSavePredictionsMutation } from '../tournaments-api';
import { BracketView } from './bracket-view';

/** SPEC §4/§5: click a slot to pick it (open matches only), then Save Predictions with the pick count. */
export function PredictTab({ data }: { data: TournamentPageData }) {
  const user = useAppSelector(selectCurrentUser);
  const toast = useToast();
  const [save, { isLoading }] = useSavePredictionsMutation();
  const { tournament } = data;
  const [picks, setPicks] = useState<Map<number, string>>(
    () => new Map((data.user_prediction?.matches ?? []).map((p) => [p.tournament_match_id, p.predicted_winner_name])),
  );
  // Only picks for matches still open are sent; decided matches keep the saved pick for display.
  const sendable = useMemo(
    () =>
      tournament.matches
        .filter((m) => isPickable(m) && (picks.get(m.id) === m.slot1_name || picks.get(m.id) === m.slot2_name))
        .map((m) => ({ match_id: m.id, winner_name: picks.get(m.id)! })),
    [tournament.matches, picks],
  );

  const onSave = async () => {
    if (!user) return toast.error('You must be logged in to make predictions');
    if (!tournament.predictions_active) return toast.error('Predictions are no longer active for this tournament');
    if (sendable.length === 0) return toast.error('Please make at least one prediction');
    try {
      const result = await save({ tournamentId: tournament.id, predictions: sendable }).unwrap();
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save predictions'));
    }
  };

  return (
    <div className="tournament-predict">
      {!tournament.predictions_active && <p className="tournament-muted">Predictions are no longer active for this tournament</p>}
      {tournament.predictions_active && !user && <p className="tournament-muted">You must be logged in to make predictions</p>}
      {tournament.predictions_active && user && <p className="tournament-muted">Click a slot to pick the winner of each open match.</p>}
      <BracketView
        matches={tournament.matches}
        picks={picks}
        onPick={tournament.predictions_active ? (match, name) => setPicks((current) => new Map(current).set(match.id, name)) : undefined}
      />
      {tournament.predictions_active && (
        <button type="button" className="button button--primary tournament-save" disabled={isLoading} onClick={() => void onSave()}>
          Save Predictions ({sendable.length})
        </button>
      )}
    </div>
  );
}
