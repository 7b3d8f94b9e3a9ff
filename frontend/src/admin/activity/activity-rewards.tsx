import { useState, type FormEvent } from 'react';
import { DataTable } from '../../components/ui/data-table';
import { QueryStatus } from '../../components/ui/query-status';
import { fieldErrors } from '../../lib/api-error';
import { useAdminAction } from '../use-admin-crud';
import { useGetRewardMappingsQuery, useRemoveRewardMappingMutation, useSaveRewardMappingMutation } from './admin-activity-api';

/** Kick channel rewards mapped to a points grant, given when a redemption is accepted. */
export function ActivityRewards() {
  const { data: rewards = [], isLoading, isError } = useGetRewardMappingsQuery();
  const [save, saveState] = useSaveRewardMappingMutation();
  const [remove, removeState] = useRemoveRewardMappingMutation();
  const [form, setForm] = useState({ reward_id: '', title: '', points: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useAdminAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const saved = await run(
      async () => {
        try {
          await save({ reward_id: form.reward_id, title: form.title, points: Number(form.points) }).unwrap();
        } catch (error) {
          setErrors(fieldErrors(error));
          throw error;
        }
      },
      'Reward mapping saved.',
      'Failed to save the reward mapping.',
    );
    if (saved) setForm({ reward_id: '', title: '', points: '' });
  };

  const field = (key: keyof typeof form, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`reward-${key}`}>{label}</label>
      <input
        id={`reward-${key}`}
        className="input"
        type={type}
        required
        value={form[key]}
        onChange={(event) => setForm((current) => ({ ...current, [key]: event.target.value }))}
      />
      {errors[key] && <span className="field-error">{errors[key]}</span>}
    </div>
  );

  return (
    <section aria-labelledby="activity-rewards">
      <h2 id="activity-rewards">Channel reward grants</h2>
      <form className="admin-inline-form" onSubmit={(event) => void submit(event)}>
        {field('reward_id', 'Kick reward id')}
        {field('title', 'Title')}
        {field('points', 'Points', 'number')}
        <button type="submit" className="button button--primary" disabled={saveState.isLoading}>
          Save grant
        </button>
      </form>
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && rewards.length === 0}
        loadingText="Loading reward grants..."
        errorText="Failed to load reward grants."
        emptyText="No channel rewards mapped. Redemptions of unmapped rewards earn nothing here."
      />
      {rewards.length > 0 && (
        <DataTable caption="Kick channel rewards and their points" columns={['Reward id', 'Title', 'Points']} actions>
          {rewards.map((row) => (
            <tr key={row.reward_id}>
              <td>
                <code>{row.reward_id}</code>
              </td>
              <th scope="row">{row.title}</th>
              <td>{row.points.toLocaleString('en-US')}</td>
              <td>
                <button
                  type="button"
                  className="button button--danger button--small"
                  disabled={removeState.isLoading}
                  aria-label={`Remove grant for ${row.title}`}
                  onClick={() =>
                    void run(() => remove(row.reward_id).unwrap(), 'Reward mapping removed.', 'Failed to remove the reward mapping.')
                  }
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
