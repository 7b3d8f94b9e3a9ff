import { useState, type FormEvent } from 'react';
import { HUNT_PHASE_LABELS, defaultHuntName, type AdminHuntDetail } from '@kickback/contracts';
import { formatAmount, formatMultiplier, formatNumber } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useSetHuntPredictionsMutation, useSetHuntStatusMutation, useUpdateHuntMutation } from './admin-bonus-hunts-api';
import { GameEntryTable } from './game-entry-table';
import { HuntSettingsFields, useHuntSettings } from './hunt-settings-fields';
import { PRIZE_POINTS_INVALID } from './prize-points';
import { SlotPicker } from './slot-picker';
import { useAdminAction } from '../kit/use-admin-crud';

/** One hunt on stream: settings, prediction window, phase steps, slots and fast bet/win entry. */
export function HuntEditor({ hunt }: { hunt: AdminHuntDetail }) {
  const toast = useToast();
  const act = useAdminAction();
  const [update, updateState] = useUpdateHuntMutation();
  const [setPredictions, predictionsState] = useSetHuntPredictionsMutation();
  const [setStatus, statusState] = useSetHuntStatusMutation();
  const [confirming, setConfirming] = useState<'opening' | 'completed' | null>(null);
  const defaultName = defaultHuntName(hunt.id);
  const settings = useHuntSettings({
    name: hunt.name === defaultName ? '' : hunt.name,
    balance: hunt.starting_balance.toFixed(2),
    prizes: hunt.prize_points.join(', '),
  });
  const completed = hunt.status === 'completed';
  const collecting = hunt.status === 'preparing';
  const stats = hunt.statistics;

  const saveSettings = async (event: FormEvent) => {
    event.preventDefault();
    const { input } = settings;
    if (!input) return void toast.error(PRIZE_POINTS_INVALID);
    await act(() => update({ huntId: hunt.id, ...input }).unwrap(), `${input.name || defaultName} saved`, 'Failed to save the hunt');
  };
  const togglePredictions = () =>
    act(
      () => setPredictions({ huntId: hunt.id, active: !hunt.predictions_active }).unwrap(),
      `${hunt.name}: predictions ${hunt.predictions_active ? 'closed' : 'opened'}`,
      'Failed to change predictions',
    );
  const changeStatus = async () => {
    if (!confirming) return;
    await act(
      () => setStatus({ huntId: hunt.id, status: confirming }).unwrap(),
      confirming === 'opening'
        ? `${hunt.name}: opening started; predictions are closed`
        : `${hunt.name} completed; predictions are being scored`,
      'Failed to change the hunt status',
    );
    setConfirming(null);
  };

  return (
    <div className="hunt-editor">
      <header className="admin-page__header">
        <h2>
          {hunt.name} · <span data-testid="hunt-phase-label">{HUNT_PHASE_LABELS[hunt.status]}</span>
        </h2>
        {!completed && (
          <div className="admin-row-actions">
            {/* Predictions close for good once the bonuses are opened, so the switch exists only while collecting. */}
            {collecting && (
              <button type="button" className="button button--ghost" onClick={togglePredictions} disabled={predictionsState.isLoading}>
                {hunt.predictions_active ? 'Close Predictions' : 'Open Predictions'}
              </button>
            )}
            {collecting && (
              <button type="button" className="button button--primary" onClick={() => setConfirming('opening')}>
                Start Opening
              </button>
            )}
            {hunt.status === 'opening' && (
              <button type="button" className="button button--primary" onClick={() => setConfirming('completed')}>
                Complete Hunt
              </button>
            )}
          </div>
        )}
      </header>

      <dl className="admin-grid hunt-editor__stats">
        <div>
          <dt>Winnings</dt>
          <dd>{formatAmount(stats.winnings)}</dd>
        </div>
        <div>
          <dt>Avg Multiplier</dt>
          <dd>{formatMultiplier(stats.average_multiplier)}</dd>
        </div>
        <div>
          <dt>Break-Even X</dt>
          <dd>{formatMultiplier(stats.break_even_multiplier)}</dd>
        </div>
        <div>
          <dt>Opened</dt>
          <dd>
            {stats.opened_count} / {stats.games_count}
          </dd>
        </div>
        <div>
          <dt>Predictions</dt>
          <dd>
            {formatNumber(hunt.predictions_count)} {hunt.predictions_active ? '(open)' : '(closed)'}
          </dd>
        </div>
      </dl>

      {!completed && (
        <form className="card admin-fieldset hunt-editor__settings" onSubmit={saveSettings}>
          <HuntSettingsFields idPrefix="hunt" settings={settings} namePlaceholder={defaultName} />
          <button type="submit" className="button button--ghost" disabled={updateState.isLoading}>
            Save Settings
          </button>
        </form>
      )}

      <p className="admin-status">
        {hunt.status === 'opening'
          ? 'Type a win and press Enter: it is saved, pushed live and the cursor moves to the next slot. Leave a win empty for an unopened bonus.'
          : collecting
            ? 'Enter the bets (Enter moves to the next slot). Saving the first win starts opening the hunt and closes predictions for good.'
            : `Completed${hunt.scored_at ? ' and scored' : '; scoring in progress'}. Prizes: ${hunt.prize_points.map((p) => formatNumber(p)).join(' / ')} points.`}
      </p>
      <GameEntryTable hunt={hunt} />
      {!completed && <SlotPicker huntId={hunt.id} />}

      {confirming && (
        <ConfirmDialog
          title={confirming === 'opening' ? 'Start opening?' : 'Complete this hunt?'}
          message={
            confirming === 'opening'
              ? 'Predictions close for good and wins can be entered. Members see every win live.'
              : `The final balance is ${formatAmount(stats.winnings)}. Predictions are scored and prize points paid; the hunt can no longer be changed.`
          }
          confirmLabel={confirming === 'opening' ? 'Start Opening' : 'Complete Hunt'}
          busy={statusState.isLoading}
          onConfirm={changeStatus}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
