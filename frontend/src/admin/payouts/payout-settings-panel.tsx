import { useEffect, useState } from 'react';
import { PAYOUT_SOURCES, PAYOUT_SOURCE_LABELS, type PayoutSettings, type PayoutSource } from '@kickback/contracts';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { fieldErrors } from '../../lib/api-error';
import { useAdminAction } from '../kit/use-admin-crud';
import { useGetPayoutSettingsQuery, useUpdatePayoutSettingsMutation } from './admin-payouts-api';

/** The streamer's promise (hours before a payout is flagged), the pending total on home, and where proof is public. */
export function PayoutSettingsPanel() {
  const { data, isError, isFetching, refetch } = useGetPayoutSettingsQuery();
  const [save, saving] = useUpdatePayoutSettingsMutation();
  const act = useAdminAction();
  const [draft, setDraft] = useState<PayoutSettings | null>(null);
  useEffect(() => {
    if (data) setDraft(data);
  }, [data]);
  // Unread settings cannot be edited; a failed read says so instead of leaving the panel out without a word.
  if (!draft)
    return isError ? (
      <p className="field-error" role="alert">
        Failed to load the payout settings.{' '}
        <button type="button" className="button button--ghost button--small" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </button>
      </p>
    ) : null;
  const errors = fieldErrors(saving.error);
  const toggleSource = (source: PayoutSource, on: boolean) =>
    setDraft({
      ...draft,
      proof_public_sources: on ? [...draft.proof_public_sources, source] : draft.proof_public_sources.filter((s) => s !== source),
    });

  return (
    <details className="card payout-settings">
      <summary>Payout settings</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void act(() => save(draft).unwrap(), 'Payout settings saved.', 'Failed to save the payout settings');
        }}
      >
        <div className="field">
          <label htmlFor="payout-promise-hours">Promise (hours before a payout is flagged)</label>
          <input
            id="payout-promise-hours"
            className="input"
            type="number"
            min={1}
            value={draft.promise_hours}
            onChange={(event) => setDraft({ ...draft, promise_hours: Number(event.target.value) })}
          />
          {errors.promise_hours && <span className="field-error">{errors.promise_hours}</span>}
        </div>
        <CheckboxField
          label="Show what is still owed beside Total Given Away on the home page"
          checked={draft.show_pending_total}
          onChange={(on) => setDraft({ ...draft, show_pending_total: on })}
        />
        <fieldset className="payout-settings__sources">
          <legend>Publish proof on the Payouts page for</legend>
          {PAYOUT_SOURCES.map((source) => (
            <CheckboxField
              key={source}
              label={PAYOUT_SOURCE_LABELS[source]}
              checked={draft.proof_public_sources.includes(source)}
              onChange={(on) => toggleSource(source, on)}
            />
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={saving.isLoading}>
          Save settings
        </button>
      </form>
    </details>
  );
}
