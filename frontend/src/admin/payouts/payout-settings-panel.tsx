import { PAYOUT_SOURCES, PAYOUT_SOURCE_LABELS, type PayoutSettings } from '@kickback/contracts';
import { payoutSettingsSchema } from '@kickback/contracts/api/payouts';
import { useContractForm } from '../kit/contract-form';
import type { FormLayout } from '../kit/form-layout';
import { checkListField } from '../kit/list-fields';
import { useAdminSubmit } from '../kit/use-admin-crud';
import { useGetPayoutSettingsQuery, useUpdatePayoutSettingsMutation } from './admin-payouts-api';
import { SubmitButton } from '../kit/submit-button';

const SETTINGS: FormLayout = [
  { name: 'promise_hours', label: 'Promise (hours before a payout is flagged)', type: 'number' },
  { name: 'show_pending_total', label: 'Show what is still owed beside Total Given Away on the home page' },
  {
    name: 'proof_public_sources',
    label: 'Publish proof on the Payouts page for',
    custom: checkListField('Publish proof on the Payouts page for', PAYOUT_SOURCES, PAYOUT_SOURCE_LABELS),
  },
];

/** The streamer's promise (hours before a payout is flagged), the pending total on home, and where proof is public. */
export function PayoutSettingsPanel() {
  const { data, isError, isFetching, refetch } = useGetPayoutSettingsQuery();
  // Unread settings cannot be edited; a failed read says so instead of leaving the panel out without a word.
  if (!data)
    return isError ? (
      <p className="field-error" role="alert">
        Failed to load the payout settings.{' '}
        <button type="button" className="button button--ghost button--small" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </button>
      </p>
    ) : null;
  return (
    <details className="card payout-settings">
      <summary>Payout settings</summary>
      {/* A saved change comes back as a new read: the form starts again from it. */}
      <SettingsForm key={JSON.stringify(data)} saved={data} />
    </details>
  );
}

function SettingsForm({ saved }: { saved: PayoutSettings }) {
  const [save, saving] = useUpdatePayoutSettingsMutation();
  const { serverErrors, submit } = useAdminSubmit();
  const form = useContractForm({ schema: payoutSettingsSchema, layout: SETTINGS, initial: saved, serverErrors });
  const send = (input: PayoutSettings) =>
    void submit(() => save(input).unwrap(), 'Payout settings saved.', 'Failed to save the payout settings');
  return (
    <form onSubmit={form.onSubmit(send)} noValidate>
      {form.fields}
      <SubmitButton busy={saving.isLoading}>Save settings</SubmitButton>
    </form>
  );
}
