import { useState } from 'react';
import { adminTournamentMatchUpdateSchema, contradictedPick, type AdminTournament, type TournamentMatch } from '@kickback/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatMultiplier } from '../../lib/format';
import {
  useClearTournamentWinnerMutation,
  useSetTournamentWinnerMutation,
  useUpdateTournamentMatchMutation,
  type TournamentMatchInput,
} from './admin-tournaments-api';
import { DataTable } from '../../components/ui/data-table';
import { contractFieldFacts } from '../kit/schema-fields';
import { useAdminAction } from '../kit/use-admin-crud';
import { SmallButton } from '../kit/rows';

const lastRoundOf = (t: AdminTournament) => Math.max(...t.matches.map((m) => m.round));

/** The match a winner of `match` moves into (match n feeds match ceil(n/2) of the next round). */
const nextMatchOf = (t: AdminTournament, match: TournamentMatch) =>
  t.matches.find((m) => m.round === match.round + 1 && m.match_number === Math.ceil(match.match_number / 2));

/** Every match of the bracket: slot names (round 1, undecided), multipliers, and the winner buttons. */
export function TournamentBracketEditor({ tournament }: { tournament: AdminTournament }) {
  const lastRound = lastRoundOf(tournament);
  return (
    <DataTable caption={`Matches of ${tournament.name}`} columns={['Round', 'Match', 'Slot 1', 'Slot 2', 'Winner']} actions>
      {tournament.matches.map((match) => (
        <MatchRow
          key={`${match.id}-${match.slot1_name}-${match.slot2_name}-${match.winner_name}`}
          tournamentId={tournament.id}
          match={match}
          lastRound={lastRound}
          nextDecided={nextMatchOf(tournament, match)?.winner_name != null}
        />
      ))}
    </DataTable>
  );
}

interface MatchRowProps {
  tournamentId: number;
  match: TournamentMatch;
  lastRound: number;
  /** Whether the match this winner moved into is decided too (then this winner can no longer be undone). */
  nextDecided: boolean;
}

function MatchRow({ tournamentId, match, lastRound, nextDecided }: MatchRowProps) {
  const act = useAdminAction();
  const [update, updateState] = useUpdateTournamentMatchMutation();
  const [setWinner, winnerState] = useSetTournamentWinnerMutation();
  const [clearWinner, clearState] = useClearTournamentWinnerMutation();
  const [undoing, setUndoing] = useState(false);
  const editableNames = match.round === 1 && match.winner_name === null;
  const [draft, setDraft] = useState({
    slot1_name: match.slot1_name ?? '',
    slot2_name: match.slot2_name ?? '',
    slot1_multiplier: match.slot1_multiplier === null ? '' : String(match.slot1_multiplier),
    slot2_multiplier: match.slot2_multiplier === null ? '' : String(match.slot2_multiplier),
  });
  const label = `${match.round === lastRound ? 'Final' : `Round ${match.round}`} match ${match.match_number}`;

  const save = async () => {
    const changes: TournamentMatchInput = {
      slot1_multiplier: draft.slot1_multiplier.trim() || null,
      slot2_multiplier: draft.slot2_multiplier.trim() || null,
    };
    if (editableNames) Object.assign(changes, { slot1_name: draft.slot1_name.trim(), slot2_name: draft.slot2_name.trim() });
    await act(() => update({ id: tournamentId, matchId: match.id, changes }).unwrap(), 'Match saved.', 'Failed to save match');
  };
  const [deciding, setDeciding] = useState<string | null>(null);
  const against = deciding === null ? null : contradictedPick(match, deciding);
  const decide = async (name: string) => {
    // Only a pick the dialog asked to override is sent as one.
    const override = contradictedPick(match, name) !== null;
    await act(
      () => setWinner({ id: tournamentId, matchId: match.id, winnerName: name, override }).unwrap(),
      match.round === lastRound ? `${name} wins the tournament.` : `${name} advances.`,
      'Failed to set the winner',
    );
    setDeciding(null);
  };

  const undo = async () => {
    await act(
      () => clearWinner({ id: tournamentId, matchId: match.id }).unwrap(),
      `${match.winner_name} no longer wins ${label}; the match is undecided again.`,
      'Failed to undo the winner',
    );
    setUndoing(false);
  };

  const slotCell = (n: 1 | 2) => {
    const name = n === 1 ? match.slot1_name : match.slot2_name;
    const nameKey = n === 1 ? 'slot1_name' : 'slot2_name';
    const multKey = n === 1 ? 'slot1_multiplier' : 'slot2_multiplier';
    return (
      <td>
        {editableNames ? (
          <input
            className="input"
            aria-label={`${label} slot ${n} name`}
            value={draft[nameKey]}
            maxLength={contractFieldFacts(adminTournamentMatchUpdateSchema, nameKey).maxLength}
            onChange={(e) => setDraft((d) => ({ ...d, [nameKey]: e.target.value }))}
          />
        ) : (
          <span>{name ?? 'TBD'}</span>
        )}
        <input
          className="input"
          aria-label={`${label} slot ${n} multiplier`}
          inputMode="decimal"
          placeholder="Multiplier"
          value={draft[multKey]}
          onChange={(e) => setDraft((d) => ({ ...d, [multKey]: e.target.value }))}
        />
      </td>
    );
  };

  const decidable = match.slot1_name !== null && match.slot2_name !== null && !(match.round === lastRound && match.winner_name !== null);
  // The final's winner was paid its prizes; any other winner can be taken back while its next match is undecided.
  const undoable = match.winner_name !== null && match.round !== lastRound && !nextDecided;
  return (
    <tr data-testid={`admin-match-${match.id}`}>
      <td>{match.round === lastRound ? 'Final' : match.round}</td>
      <td>{match.match_number}</td>
      {slotCell(1)}
      {slotCell(2)}
      <td>{match.winner_name ?? '—'}</td>
      <td className="admin-table__actions">
        <SmallButton disabled={updateState.isLoading} onClick={() => void save()}>
          Save
        </SmallButton>
        {decidable &&
          [match.slot1_name!, match.slot2_name!]
            .filter((name) => name !== match.winner_name)
            .map((name) => (
              <SmallButton
                key={name}
                tone="primary"
                disabled={winnerState.isLoading}
                label={`${name} wins ${label}`}
                onClick={() => setDeciding(name)}
              >
                {name} wins
              </SmallButton>
            ))}
        {undoable && (
          <SmallButton
            disabled={clearState.isLoading}
            label={`Undo ${match.winner_name} winning ${label}`}
            onClick={() => setUndoing(true)}
          >
            Undo winner
          </SmallButton>
        )}
        {undoing && (
          <ConfirmDialog
            title={`Undo ${match.winner_name} winning ${label}?`}
            message={`${label} is undecided again and ${match.winner_name} leaves round ${match.round + 1}, with any multiplier typed there. Predictions stay as they are.`}
            confirmLabel="Undo winner"
            cancelLabel="Keep winner"
            busy={clearState.isLoading}
            onConfirm={() => void undo()}
            onCancel={() => setUndoing(false)}
          />
        )}
        {deciding !== null && (
          <ConfirmDialog
            title={against ? `${deciding} has the lower multiplier` : `${deciding} wins ${label}?`}
            message={`${
              against
                ? `${deciding} scored ${formatMultiplier(against.winner)} against ${formatMultiplier(against.loser)}. Override only if the bracket's numbers are wrong. `
                : ''
            }${match.round === lastRound ? `${deciding} wins the tournament and its prizes are paid` : `${deciding} advances to round ${match.round + 1}`}, and predictions on ${label} are scored.`}
            confirmLabel={against ? `Override: ${deciding} wins` : `${deciding} wins`}
            cancelLabel="Not yet"
            busy={winnerState.isLoading}
            onConfirm={() => void decide(deciding)}
            onCancel={() => setDeciding(null)}
          />
        )}
      </td>
    </tr>
  );
}
