import { useState, type FormEvent } from 'react';
import { HUNT_PHASE_LABELS, type AdminHuntDetail, type AdminHuntGame } from '@kickback/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { QueryStatus } from '../../components/ui/query-status';
import { formatAmount, formatMultiplier } from '../../lib/format';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useAdminAction } from '../use-admin-crud';
import { HuntSettingsFields } from '../bonus-hunts/hunt-settings-fields';
import { PRIZE_POINTS_INVALID, parsePrizePoints } from '../bonus-hunts/prize-points';
import {
  useCompleteLiveHuntMutation,
  useEnterHuntWinMutation,
  useGetLiveHuntQuery,
  useGetRunningHuntIdQuery,
  useStartLiveHuntMutation,
} from './admin-go-live-api';

/** Go live's hunt: the running hunt's wins and its completion, or, when none runs, a new hunt in one form. */
export function HuntPanel() {
  const running = useGetRunningHuntIdQuery();
  const huntId = running.data ?? null;
  const hunt = useGetLiveHuntQuery(huntId ?? 0, { skip: huntId === null });
  const isLoading = running.isLoading || hunt.isLoading;
  const isError = running.isError || hunt.isError;
  return (
    <section className="card go-live__panel go-live__panel--wide" aria-labelledby="go-live-hunt">
      <h2 id="go-live-hunt">Bonus Hunt</h2>
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={false}
        loadingText="Loading the hunt..."
        errorText="Failed to load the hunt."
        emptyText=""
      />
      {running.isSuccess && huntId === null && <StartHunt />}
      {huntId !== null && hunt.data && <HuntGames hunt={hunt.data} />}
    </section>
  );
}

function StartHunt() {
  const [start, state] = useStartLiveHuntMutation();
  const toast = useToast();
  const [name, setName] = useState('');
  const [balance, setBalance] = useState('');
  const [prizes, setPrizes] = useState('1000, 500, 250');
  const [invalid, setInvalid] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const prizePoints = parsePrizePoints(prizes);
    setInvalid(!prizePoints);
    if (!prizePoints) return;
    try {
      const hunt = await start({ name: name.trim(), starting_balance: balance.trim(), prize_points: prizePoints }).unwrap();
      toast.success(`${hunt.name} started: collecting bonuses, predictions open`);
      setName('');
      setBalance('');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to start the hunt'));
    }
  };
  return (
    <form className="go-live__start-hunt" aria-label="Start a new hunt" onSubmit={(e) => void submit(e)}>
      <p className="field-hint">No hunt is running. Start the next one here; its slots are added in Bonus Hunts.</p>
      <HuntSettingsFields
        nameId="go-live-hunt-name"
        name={name}
        namePlaceholder="Bonus Hunt #…"
        onNameChange={setName}
        balanceId="go-live-hunt-balance"
        prizesId="go-live-hunt-prizes"
        balance={balance}
        prizes={prizes}
        onBalanceChange={setBalance}
        onPrizesChange={setPrizes}
        balancePlaceholder="1000.00"
      />
      {invalid && (
        <p role="alert" className="field-error">
          {PRIZE_POINTS_INVALID}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={state.isLoading}>
        Start hunt
      </button>
    </form>
  );
}

function HuntGames({ hunt }: { hunt: AdminHuntDetail }) {
  const s = hunt.statistics;
  const [confirming, setConfirming] = useState(false);
  const [complete, state] = useCompleteLiveHuntMutation();
  const [last, setLast] = useState<LastWin | null>(null);
  const act = useAdminAction();
  const finish = async () => {
    await act(() => complete(hunt.id).unwrap(), `${hunt.name} completed; predictions are being scored`, 'Failed to complete the hunt');
    setConfirming(false);
  };
  return (
    <>
      <p className="go-live__summary">
        {hunt.name} · <strong data-testid="go-live-hunt-phase">{HUNT_PHASE_LABELS[hunt.status]}</strong> · predictions{' '}
        {hunt.predictions_active ? 'open' : 'closed'} · winnings {formatAmount(s.winnings)} of {formatAmount(s.starting_balance)} ·
        break-even {formatMultiplier(s.break_even_multiplier)} · {s.opened_count}/{s.games_count} opened
      </p>
      {hunt.status === 'preparing' && (
        <p className="field-hint">Saving the first win starts opening the hunt and closes predictions for good.</p>
      )}
      <DataTable
        caption={`Games of ${hunt.name}`}
        columns={['#', 'Slot', 'Bet', 'Win', 'Multiplier']}
        card={false}
        className="go-live__games"
      >
        {[...hunt.games]
          .sort((a, b) => a.position - b.position)
          .map((game, index) => (
            <tr key={game.id}>
              <td>{index + 1}</td>
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
      {last && <UndoWin huntId={hunt.id} last={last} onDone={() => setLast(null)} />}
      <p className="field-hint" data-testid="go-live-next-hunt">
        One hunt runs at a time: the next one can start here once {hunt.name} is completed.
      </p>
      {hunt.status === 'opening' && (
        <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
          Complete {hunt.name}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Complete ${hunt.name}?`}
          message={`Predictions are scored against winnings of ${formatAmount(s.winnings)} and the prize points are paid; the hunt cannot be reopened. Go live then offers to start the next hunt.`}
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

/** The last win saved on this screen and what it replaced, for its undo. */
interface LastWin {
  gameId: number;
  slotName: string;
  before: number | null;
  after: string;
}

/** Puts the last saved win back to what it was (a mistyped win on stream); predictions stay as they are. */
function UndoWin({ huntId, last, onDone }: { huntId: number; last: LastWin; onDone: () => void }) {
  const [enterWin, state] = useEnterHuntWinMutation();
  const act = useAdminAction();
  const was = last.before === null ? 'not opened' : formatAmount(last.before);
  const undo = async () => {
    const done = await act(
      () => enterWin({ huntId, gameId: last.gameId, win: last.before === null ? null : String(last.before) }).unwrap(),
      `${last.slotName}: win set back to ${was}`,
      'Failed to undo the win',
    );
    if (done) onDone();
  };
  return (
    <p className="go-live__undo" data-testid="go-live-last-change">
      Last change: {last.slotName} win {formatAmount(last.after)} (was {was}).{' '}
      <button type="button" className="button button--ghost button--small" disabled={state.isLoading} onClick={() => void undo()}>
        Undo
      </button>
    </p>
  );
}

function WinEntry({ huntId, game, onSaved }: { huntId: number; game: AdminHuntGame; onSaved: (last: LastWin) => void }) {
  const [value, setValue] = useState(game.slot_win === null ? '' : String(game.slot_win));
  const [enterWin, state] = useEnterHuntWinMutation();
  const act = useAdminAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const after = value.trim();
    const saved = await act(
      () => enterWin({ huntId, gameId: game.id, win: after }).unwrap(),
      `${game.slot_name}: ${formatAmount(after)} win saved`,
      'Failed to save the win',
    );
    if (saved) onSaved({ gameId: game.id, slotName: game.slot_name, before: game.slot_win, after });
  };
  return (
    <form className="go-live__win" onSubmit={(e) => void submit(e)}>
      <input
        className="input"
        inputMode="decimal"
        aria-label={`Win for ${game.slot_name}`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        required
      />
      <button type="submit" className="button button--primary button--small" disabled={state.isLoading}>
        Save
      </button>
    </form>
  );
}
