import type { ActivityExclusionInput } from '@kickback/contracts';
import { activityExclusionSchema } from '@kickback/contracts/api/activity';
import type { FormLayout } from '../kit/form-layout';
import { listTexts } from '../kit/resource';
import { useAdminAction, useAdminSubmit } from '../kit/use-admin-crud';
import { useContractForm } from '../kit/contract-form';
import { useAddExclusionMutation, useGetExclusionsQuery, useRemoveExclusionMutation } from './admin-activity-api';
import { SmallButton, StatusTable } from '../kit/rows';
import { SubmitButton } from '../kit/submit-button';

const EXCLUSION_FIELDS: FormLayout = [{ name: 'kick_user_id', label: 'Kick user id', type: 'number' }, 'label'];

/** Kick accounts that never earn: chat bots, the streamer, alternate accounts. */
export function ActivityExclusions() {
  const { data: exclusions = [], isLoading, isError } = useGetExclusionsQuery();
  const [add, addState] = useAddExclusionMutation();
  const [remove, removeState] = useRemoveExclusionMutation();
  const { serverErrors, submit } = useAdminSubmit();
  const form = useContractForm({ schema: activityExclusionSchema, layout: EXCLUSION_FIELDS, initial: null, serverErrors });
  const run = useAdminAction();
  const exclude = async (input: ActivityExclusionInput) => {
    if (await submit(() => add(input).unwrap(), 'Account excluded from earning.', 'Failed to exclude the account.')) form.reset();
  };

  return (
    <section aria-labelledby="activity-exclusions">
      <h2 id="activity-exclusions">Excluded accounts</h2>
      <form className="admin-inline-form" noValidate onSubmit={form.onSubmit((input) => void exclude(input))}>
        {form.fields}
        <SubmitButton busy={addState.isLoading}>Exclude</SubmitButton>
      </form>
      <StatusTable
        query={{ isLoading, isError }}
        rows={exclusions}
        rowKey={(row) => row.kick_user_id}
        texts={listTexts(
          'exclusions',
          "No excluded accounts. Add your chat bots and the streamer's own account.",
          'Kick accounts excluded from earning',
        )}
        columns={[
          { header: 'Kick user id', cell: (row) => row.kick_user_id },
          { header: 'Label', cell: (row) => row.label, rowHeader: true },
        ]}
        actions={(row) => (
          <SmallButton
            tone="danger"
            disabled={removeState.isLoading}
            label={`Remove exclusion of ${row.label}`}
            onClick={() => void run(() => remove(row.kick_user_id).unwrap(), 'Exclusion removed.', 'Failed to remove the exclusion.')}
          >
            Remove
          </SmallButton>
        )}
      />
    </section>
  );
}
