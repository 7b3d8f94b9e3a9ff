import { useState, type FormEvent } from 'react';
import type { CreateKickReward, KickChannelReward } from '@kickback/contracts';
import { rewardMappingSchema } from '@kickback/contracts/api/activity';
import { createKickRewardSchema } from '@kickback/contracts/api/kick-rewards';
import { DataTable } from '../../components/ui/data-table';
import { QueryStatus } from '../../components/ui/query-status';
import type { FormLayout } from '../kit/form-layout';
import { contractFieldFacts } from '../kit/schema-fields';
import { useContractValidation } from '../kit/use-contract-validation';
import { useAdminAction, useAdminSubmit } from '../kit/use-admin-crud';
import { useContractForm } from '../kit/contract-form';
import {
  useCreateKickRewardMutation,
  useGetKickRewardsQuery,
  useGetRewardMappingsQuery,
  useRemoveRewardMappingMutation,
  useSaveRewardMappingMutation,
} from './admin-activity-api';
import { SmallButton } from '../kit/rows';
import { SubmitButton } from '../kit/submit-button';

const rewardState = (r: KickChannelReward) =>
  [!r.enabled && 'disabled', r.paused && 'paused', r.skips_queue && 'accepted by Kick at once'].filter(Boolean).join(', ') || 'active';

/**
 * The channel's rewards as Kick lists them, each with the points a redemption grants here: the site grants them when a
 * redemption comes in and tells Kick to accept it (or to reject it, refunding the viewer, when the earning rules
 * refuse it). A new reward can be created on Kick from here, mapped in the same step.
 */
export function ActivityRewards() {
  const kickRewards = useGetKickRewardsQuery();
  const mappings = useGetRewardMappingsQuery();
  const [remove, removeState] = useRemoveRewardMappingMutation();
  const run = useAdminAction();
  const data = kickRewards.data;
  const listed = new Set(data?.rewards.map((r) => r.id) ?? []);
  const orphans = (mappings.data ?? []).filter((m) => data?.available && !listed.has(m.reward_id));

  return (
    <section aria-labelledby="activity-rewards">
      <h2 id="activity-rewards">Channel reward grants</h2>
      <QueryStatus
        isLoading={kickRewards.isLoading}
        isError={kickRewards.isError}
        isEmpty={!!data?.available && data.rewards.length === 0}
        loadingText="Loading the channel's rewards from Kick..."
        errorText="Failed to load the channel's rewards."
        emptyText="The channel has no rewards on Kick yet: create one below."
      />
      {data && !data.available && (
        <p role="alert" className="admin-status" data-testid="kick-rewards-unavailable">
          {data.reason}
        </p>
      )}
      {data && data.waiting_decisions > 0 && (
        <p className="field-hint" data-testid="kick-rewards-waiting">
          {data.waiting_decisions.toLocaleString('en-US')} redemption decision(s) wait to be sent to Kick (sent when the connection allows
          channel:rewards:write).
        </p>
      )}
      {data?.available && data.rewards.length > 0 && (
        <DataTable caption="The channel's rewards on Kick and their points here" columns={['Reward', 'Cost', 'State', 'Points here']}>
          {data.rewards.map((reward) => (
            <RewardRow key={reward.id} reward={reward} />
          ))}
        </DataTable>
      )}
      {orphans.length > 0 && (
        <DataTable caption="Grants for rewards Kick no longer lists" columns={['Reward id', 'Title', 'Points']} actions>
          {orphans.map((row) => (
            <tr key={row.reward_id}>
              <td>
                <code>{row.reward_id}</code>
              </td>
              <th scope="row">{row.title}</th>
              <td>{row.points.toLocaleString('en-US')}</td>
              <td>
                <SmallButton
                  tone="danger"
                  disabled={removeState.isLoading}
                  label={`Remove grant for ${row.title}`}
                  onClick={() =>
                    void run(() => remove(row.reward_id).unwrap(), 'Reward mapping removed.', 'Failed to remove the reward mapping.')
                  }
                >
                  Remove
                </SmallButton>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data?.available && <CreateKickReward />}
    </section>
  );
}

const GRANT_POINTS = contractFieldFacts(rewardMappingSchema, 'points');
/** Kick's titles are shorter today; a longer one is kept to the mapping's limit rather than refused. */
const TITLE_LIMIT = contractFieldFacts(rewardMappingSchema, 'title').maxLength;

/** One Kick reward: its points here, saved (or removed) on its own. */
function RewardRow({ reward }: { reward: KickChannelReward }) {
  const [points, setPoints] = useState(reward.points === null ? '' : String(reward.points));
  const [save, saving] = useSaveRewardMappingMutation();
  const [remove, removing] = useRemoveRewardMappingMutation();
  const run = useAdminAction();
  const { serverErrors, submit } = useAdminSubmit();
  const { errors, validate } = useContractValidation(rewardMappingSchema, serverErrors);
  const error = errors.points;

  const grant = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ reward_id: reward.id, title: reward.title.slice(0, TITLE_LIMIT), points: Number(points) });
    if (input) void submit(() => save(input).unwrap(), 'Reward mapping saved.', 'Failed to save the reward mapping.');
  };

  return (
    <tr>
      <th scope="row">
        {reward.title}
        {reward.description && <span className="field-hint"> — {reward.description}</span>}
      </th>
      <td>{reward.cost.toLocaleString('en-US')}</td>
      <td>{rewardState(reward)}</td>
      <td>
        <form className="admin-inline-form" onSubmit={grant}>
          <label htmlFor={`reward-points-${reward.id}`} className="visually-hidden">
            Points for {reward.title}
          </label>
          <input
            id={`reward-points-${reward.id}`}
            className="input"
            type="number"
            min={GRANT_POINTS.min}
            max={GRANT_POINTS.max}
            required
            value={points}
            onChange={(event) => setPoints(event.target.value)}
          />
          <button type="submit" className="button button--primary button--small" disabled={saving.isLoading}>
            Save grant
          </button>
          {reward.points !== null && (
            <SmallButton
              tone="danger"
              disabled={removing.isLoading}
              label={`Remove grant for ${reward.title}`}
              onClick={() =>
                void run(() => remove(reward.id).unwrap(), 'Reward mapping removed.', 'Failed to remove the reward mapping.').then(
                  (done) => done && setPoints(''),
                )
              }
            >
              Remove
            </SmallButton>
          )}
          {error && <span className="field-error">{error}</span>}
        </form>
      </td>
    </tr>
  );
}

const NEW_REWARD_FIELDS: FormLayout = [
  [
    { name: 'title', label: 'Reward title' },
    { name: 'description', label: 'Description', hint: 'Shown to viewers on Kick.' },
    { name: 'cost', label: 'Cost (channel points)' },
    { name: 'points', label: 'Points here', hint: 'Granted when a redemption comes in; Kick is then told to accept it.' },
  ],
];

/** A new reward on Kick for a site action, mapped to its points in the same step. */
function CreateKickReward() {
  const [create, creating] = useCreateKickRewardMutation();
  const { serverErrors, submit } = useAdminSubmit();
  const form = useContractForm({ schema: createKickRewardSchema, layout: NEW_REWARD_FIELDS, initial: null, serverErrors });
  const send = async (input: CreateKickReward) => {
    if (await submit(() => create(input).unwrap(), 'Reward created on Kick and mapped.', 'Failed to create the reward on Kick.'))
      form.reset();
  };

  return (
    <form className="admin-fieldset" aria-label="Create a reward on Kick" noValidate onSubmit={form.onSubmit((input) => void send(input))}>
      <h3>Create a reward on Kick</h3>
      {form.fields}
      <div className="admin-form-actions">
        <SubmitButton busy={creating.isLoading} busyText="Creating...">
          Create on Kick
        </SubmitButton>
      </div>
    </form>
  );
}
