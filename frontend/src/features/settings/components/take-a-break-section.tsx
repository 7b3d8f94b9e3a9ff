import { useState } from 'react';
import { BREAK_PERIOD_LABELS, BREAK_PERIODS, SAFETY_MESSAGES, type BreakPeriod } from '@kickback/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { useTakeBreakMutation, useViewerSafety } from '../../../lib/safety-api';
import { useToast } from '../../../lib/use-toast';
import { reloadPage } from '../../../lib/http';
import { errorMessage } from '../../../lib/api-error';
import { Options } from '../../../components/ui/options';

/**
 * "Take a break from gambling content": 24 hours to 6 months, or until the member asks an admin. The confirmation
 * says what it does and that it cannot be shortened; the page reloads so every offer leaves it at once.
 */
export function TakeABreakSection() {
  const safety = useViewerSafety();
  const [period, setPeriod] = useState<BreakPeriod>('24h');
  const [confirming, setConfirming] = useState(false);
  const [takeBreak, { isLoading }] = useTakeBreakMutation();
  const toast = useToast();

  const start = async () => {
    try {
      await takeBreak({ period, confirm: true }).unwrap();
      reloadPage();
    } catch (error) {
      setConfirming(false);
      toast.error(errorMessage(error, 'The break could not be started.'));
    }
  };

  const running = safety?.break;
  return (
    <section className="card account-data" aria-labelledby="take-a-break-title">
      <h2 id="take-a-break-title">Take a break from gambling content</h2>
      {running ? (
        <p role="status">
          You are taking a break{' '}
          {running.ends_at ? `until ${new Date(running.ends_at).toLocaleString()}` : 'until you ask an admin to end it'}. It cannot be
          shortened.
        </p>
      ) : (
        <>
          <p>Hide casino offers, leaderboards, races, bonus hunts and tournaments from yourself for a while.</p>
          <SelectField id="break-period" label="How long" value={period} onChange={(value) => setPeriod(value as BreakPeriod)}>
            <Options values={BREAK_PERIODS} labels={BREAK_PERIOD_LABELS} />
          </SelectField>
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            Take a break
          </button>
        </>
      )}
      {safety && (
        <p className="field-hint">
          Talk to someone:{' '}
          <a href={safety.help.url} target="_blank" rel="noopener noreferrer">
            {safety.help.name}
          </a>
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title="Start your break?"
          message={SAFETY_MESSAGES.breakConfirm(BREAK_PERIOD_LABELS[period])}
          confirmLabel="Start my break"
          busy={isLoading}
          onConfirm={() => void start()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
