import { useState, type FormEvent } from 'react';
import { DataTable } from '../../components/ui/data-table';
import { QueryStatus } from '../../components/ui/query-status';
import { fieldErrors } from '../../lib/api-error';
import { useAdminAction } from '../kit/use-admin-crud';
import { useAddExclusionMutation, useGetExclusionsQuery, useRemoveExclusionMutation } from './admin-activity-api';

/** Kick accounts that never earn: chat bots, the streamer, alternate accounts. */
export function ActivityExclusions() {
  const { data: exclusions = [], isLoading, isError } = useGetExclusionsQuery();
  const [add, addState] = useAddExclusionMutation();
  const [remove, removeState] = useRemoveExclusionMutation();
  const [kickUserId, setKickUserId] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useAdminAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const saved = await run(
      async () => {
        try {
          await add({ kick_user_id: Number(kickUserId), label }).unwrap();
        } catch (error) {
          setErrors(fieldErrors(error));
          throw error;
        }
      },
      'Account excluded from earning.',
      'Failed to exclude the account.',
    );
    if (saved) {
      setKickUserId('');
      setLabel('');
    }
  };

  return (
    <section aria-labelledby="activity-exclusions">
      <h2 id="activity-exclusions">Excluded accounts</h2>
      <form className="admin-inline-form" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="exclusion-id">Kick user id</label>
          <input
            id="exclusion-id"
            className="input"
            type="number"
            min={1}
            required
            value={kickUserId}
            onChange={(e) => setKickUserId(e.target.value)}
          />
          {errors.kick_user_id && <span className="field-error">{errors.kick_user_id}</span>}
        </div>
        <div className="field">
          <label htmlFor="exclusion-label">Label</label>
          <input id="exclusion-label" className="input" required maxLength={64} value={label} onChange={(e) => setLabel(e.target.value)} />
          {errors.label && <span className="field-error">{errors.label}</span>}
        </div>
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
                <button
                  type="button"
                  className="button button--danger button--small"
                  disabled={removeState.isLoading}
                  aria-label={`Remove exclusion of ${row.label}`}
                  onClick={() => void run(() => remove(row.kick_user_id).unwrap(), 'Exclusion removed.', 'Failed to remove the exclusion.')}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
