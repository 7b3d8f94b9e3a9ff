import { useId } from 'react';
import type { TournamentTopPrediction } from '@kickback/contracts';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useGetPickBreakdownQuery } from '../tournaments-api';
import { TableHead } from '../../../components/ui/table-head';

interface PickBreakdownModalProps {
  tournamentId: number;
  prediction: TournamentTopPrediction;
  name: string;
  onClose: () => void;
}

/** Every pick of one member with its result (rather than the SPEC's placeholder text). */
export function PickBreakdownModal({ tournamentId, prediction, name, onClose }: PickBreakdownModalProps) {
  const titleId = useId();
  const picks = useGetPickBreakdownQuery({ tournamentId, userId: prediction.user.id });
  return (
    <ModalDialog className="card tournament-modal" labelledBy={titleId} onCancel={onClose}>
      <h2 id={titleId}>{name}'s Predictions</h2>
      <p className="tournament-muted">
        {prediction.accuracy}% accuracy · {prediction.correct}/{prediction.total} correct
      </p>
      {picks.isLoading && <p role="status">Loading predictions...</p>}
      {picks.isError && <p role="alert">Failed to load predictions</p>}
      {picks.data && (
        <table className="tournament-table">
          <TableHead columns={['Match', 'Pick', 'Result']} />
          <tbody>
            {picks.data.map((p) => (
              <tr key={p.tournament_match_id} data-testid="breakdown-row">
                <td>
                  Round {p.round} · Match {p.match_number}
                </td>
                <td>{p.predicted_winner_name}</td>
                <td className={p.correct === null ? 'tournament-muted' : p.correct ? 'tournament-correct' : 'tournament-wrong'}>
                  {p.correct === null ? 'Pending' : p.correct ? `Correct (${p.winner_name})` : `Wrong (${p.winner_name})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="tournament-modal__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
