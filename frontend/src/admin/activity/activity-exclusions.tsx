import type { ActivityExclusionInput } from '@kickback/contracts';
import { activityExclusionSchema } from '@kickback/contracts/api/activity';
import { DataTable } from '../../components/ui/data-table';
import { QueryStatus } from '../../components/ui/query-status';
import type { FormLayout } from '../kit/form-layout';
import { useAdminAction, useAdminSubmit } from '../kit/use-admin-crud';
import { useContractForm } from '../kit/contract-form';
import { useAddExclusionMutation, useGetExclusionsQuery, useRemoveExclusionMutation } from './admin-activity-api';
import { SmallButton } from '../kit/rows';

const EXCLUSION_FIELDS: FormLayout = [
  { name: 'kick_user_id', label: 'Kick user id', type: 'number' },
  { name: 'label', label: 'Label' },
];

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
        <button type="submit" className="button button--primary" disabled={addState.isLoading}>
          Exclude
        </button>
      </form>
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && exclusions.length === 0}
        loadingText="Loading exclusions..."
        errorText="Failed to load exclusions."
        emptyText="No excluded accounts. Add your chat bots and the streamer's own account."
      />
      {exclusions.length > 0 && (
        <DataTable caption="Kick accounts excluded from earning" columns={['Kick user id', 'Label']} actions>
          {exclusions.map((row) => (
            <tr key={row.kick_user_id}>
              <td>{row.kick_user_id}</td>
              <th scope="row">{row.label}</th>
              <td>
                <SmallButton
                  tone="danger"
                  disabled={removeState.isLoading}
                  label={`Remove exclusion of ${row.label}`}
                  onClick={() => void run(() => remove(row.kick_user_id).unwrap(), 'Exclusion removed.', 'Failed to remove the exclusion.')}
                >
                  Remove
                </SmallButton>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
