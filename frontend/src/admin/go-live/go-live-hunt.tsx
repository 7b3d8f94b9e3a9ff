import { useState, type FormEvent } from 'react';
import { HUNT_PHASE_LABELS, type AdminHuntDetail } from '@kickback/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { formatAmount, formatBreakEven, formatMultiplier } from '../../lib/format';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useAdminAction } from '../kit/use-admin-crud';
import { HuntSettingsFields, NEW_HUNT_SETTINGS, useHuntSettings } from '../bonus-hunts/hunt-settings-fields';
import { PRIZE_POINTS_INVALID } from '../bonus-hunts/prize-points';
import {
  useCompleteLiveHuntMutation,
  useGetLiveHuntQuery,
  useGetRunningHuntIdQuery,
  useSetLivePredictionsMutation,
  useStartLiveHuntMutation,
} from './admin-go-live-api';
import { AddLiveSlot } from './go-live-add-slot';
import { UndoWin, WinEntry, type LastWin } from './go-live-hunt-wins';
import { SmallButton, QueryLines } from '../kit/rows';
import { SubmitButton } from '../kit/submit-button';

/** Unopened bonuses listed at once: the next ones to open, so the panel never pushes the raffle off the screen. */
const NEXT_ROWS = 4;

/** Go live's hunt: the running hunt's slots, predictions, wins and completion, or, when none runs, a new hunt in one form. */
export function HuntPanel() {
  const running = useGetRunningHuntIdQuery();
  const huntId = running.data ?? null;
  const hunt = useGetLiveHuntQuery(huntId ?? 0, { skip: huntId === null });
  const isLoading = running.isLoading || hunt.isLoading;
  const isError = running.isError || hunt.isError;
  return (
    <section className="card go-live__panel go-live__panel--hunt" aria-labelledby="go-live-hunt">
      <h2 id="go-live-hunt">Bonus Hunt</h2>
      <QueryLines query={{ isLoading, isError }} texts={{ loading: 'Loading the hunt...', error: 'Failed to load the hunt.' }} />
      {running.isSuccess && huntId === null && <StartHunt />}
      {huntId !== null && hunt.data && <HuntGames hunt={hunt.data} />}
    </section>
  );
}

function StartHunt() {
  const [start, state] = useStartLiveHuntMutation();
  const toast = useToast();
  const settings = useHuntSettings(NEW_HUNT_SETTINGS);
  const [invalid, setInvalid] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setInvalid(!settings.input);
    if (!settings.input) return;
    try {
      const hunt = await start(settings.input).unwrap();
      // Said from the answer, so the toast can never claim what the server did not do.
      toast.success(`${hunt.name} started: collecting bonuses, predictions ${hunt.predictions_active ? 'open' : 'closed'}`);
      settings.clearNameAndBalance();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to start the hunt'));
    }
  };
  return (
    <form className="go-live__start-hunt" aria-label="Start a new hunt" onSubmit={(e) => void submit(e)}>
      <p className="field-hint">
        No hunt is running. Start the next one here: predictions open at once and close with the first saved win.
      </p>
      <HuntSettingsFields idPrefix="go-live-hunt" settings={settings} namePlaceholder="Bonus Hunt #…" balancePlaceholder="1000.00" />
      {invalid && (
        <p role="alert" className="field-error">
          {PRIZE_POINTS_INVALID}
        </p>
      )}
      <SubmitButton busy={state.isLoading}>Start hunt</SubmitButton>
    </form>
  );
}

/** Why "Complete" cannot be pressed yet, or null when it can (the server refuses the same cases). */
export function completionBlocker(hunt: Pick<AdminHuntDetail, 'games_count' | 'statistics'>): string | null {
  if (hunt.games_count === 0) return 'Add at least one slot before completing the hunt.';
  const unopened = hunt.statistics.games_count - hunt.statistics.opened_count;
  if (unopened > 0) return `Enter the win of every slot before completing the hunt (${unopened} unopened).`;
  return null;
}

function HuntGames({ hunt }: { hunt: AdminHuntDetail }) {
  const s = hunt.statistics;
  const [confirming, setConfirming] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [complete, state] = useCompleteLiveHuntMutation();
  const [last, setLast] = useState<LastWin | null>(null);
  const act = useAdminAction();
  const finish = async () => {
    await act(() => complete(hunt.id).unwrap(), `${hunt.name} completed; predictions are being scored`, 'Failed to complete the hunt');
    setConfirming(false);
  };
  const ordered = [...hunt.games].sort((a, b) => a.position - b.position);
  const unopened = ordered.filter((g) => !g.opened);
  const shown = showAll ? ordered : unopened.slice(0, NEXT_ROWS);
  const blocker = completionBlocker(hunt);
  return (
    <>
      <p className="go-live__summary">
        {hunt.name} · <strong data-testid="go-live-hunt-phase">{HUNT_PHASE_LABELS[hunt.status]}</strong> · predictions{' '}
        <span data-testid="go-live-hunt-predictions">{hunt.predictions_active ? 'open' : 'closed'}</span> ({hunt.predictions_count}) ·
        winnings {formatAmount(s.winnings)} of {formatAmount(s.starting_balance)} · break-even {formatBreakEven(s)} · {s.opened_count}/
        {s.games_count} opened
      </p>
      {hunt.status === 'preparing' && <PredictionsSwitch hunt={hunt} />}
      <DataTable
        caption={showAll ? `Games of ${hunt.name}` : `Next slots of ${hunt.name}`}
        columns={['#', 'Slot', 'Bet', 'Win', 'Multiplier']}
        card={false}
        className="go-live__games"
      >
        {shown.map((game) => (
          <tr key={game.id}>
            <td>{ordered.indexOf(game) + 1}</td>
            <td>{game.slot_name}</td>
            <td>{formatAmount(game.slot_bet)}</td>
            <td>
              {/* Keyed by the saved win, so an undo or a save elsewhere shows in the field. */}
              <WinEntry key={`${game.id}-${game.slot_win}`} huntId={hunt.id} game={game} onSaved={setLast} />
            </td>
            <td>{game.multiplier === null ? '—' : formatMultiplier(game.multiplier)}</td>
          </tr>
        ))}
      </DataTable>
      <p className="field-hint go-live__rows-hint">
        {ordered.length === 0
          ? 'No slots yet: add the bonuses below.'
          : showAll
            ? `All ${ordered.length} slots.`
            : unopened.length === 0
              ? 'Every slot is opened.'
              : `Showing the next ${shown.length} of ${unopened.length} unopened.`}{' '}
        {ordered.length > shown.length || showAll ? (
          <SmallButton onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show only the next slots' : `Show all ${ordered.length} slots`}
          </SmallButton>
        ) : null}
      </p>
      {last && <UndoWin huntId={hunt.id} last={last} onDone={() => setLast(null)} />}
      <AddLiveSlot huntId={hunt.id} startOpen={ordered.length === 0} />
      <p className="field-hint" data-testid="go-live-next-hunt">
        One hunt runs at a time: the next one can start here once {hunt.name} is completed.
      </p>
      <div className="go-live__complete">
        <button
          type="button"
          className="button button--ghost"
          disabled={blocker !== null}
          aria-describedby={blocker ? 'go-live-complete-blocker' : undefined}
          onClick={() => setConfirming(true)}
        >
          Complete {hunt.name}
        </button>
        {blocker && (
          <span id="go-live-complete-blocker" className="field-hint" data-testid="go-live-complete-blocker">
            {blocker}
          </span>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Complete ${hunt.name}?`}
          message={`Predictions are scored against winnings of ${formatAmount(s.winnings)} and the prize points are paid; the hunt cannot be reopened. The results stay on the site and the hunt overlay until the next hunt starts here.`}
          confirmLabel="Complete hunt"
          cancelLabel="Keep opening"
          busy={state.isLoading}
          onConfirm={() => void finish()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** While the hunt collects: predictions open or closed by hand (the first saved win closes them for good). */
function PredictionsSwitch({ hunt }: { hunt: AdminHuntDetail }) {
  const [setPredictions, state] = useSetLivePredictionsMutation();
  const act = useAdminAction();
  const next = !hunt.predictions_active;
  return (
    <p className="go-live__undo">
      <span className="field-hint">Saving the first win starts opening the hunt and closes predictions for good.</span>
      <SmallButton
        disabled={state.isLoading}
        onClick={() =>
          void act(
            () => setPredictions({ huntId: hunt.id, active: next }).unwrap(),
            next ? `Predictions open for ${hunt.name}` : `Predictions closed for ${hunt.name}`,
            'Failed to change predictions',
          )
        }
      >
        {next ? 'Open predictions' : 'Close predictions'}
      </SmallButton>
    </p>
  );
}
