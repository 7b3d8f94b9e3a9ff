import { useMemo } from 'react';
import type { ActivityRules } from '@kickback/contracts';
import { activityRulesSchema } from '@kickback/contracts/api/activity';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { TextField } from '../../components/ui/text-field';
import type { FieldLayout, FormLayout } from '../kit/form-layout';
import { useAdminSubmit } from '../kit/use-admin-crud';
import { useContractForm } from '../kit/contract-form';
import { useUpdateActivityRulesMutation } from './admin-activity-api';
import { SubmitButton } from '../kit/submit-button';

const number = (name: keyof ActivityRules, label: string, hint?: string): FieldLayout => ({ name, label, hint, type: 'number' });

/** The word as chat shows it ("!enter") is sent without its "!". */
const keyword = (draft: string) => draft.trim().replace(/^!/, '');

const layout = (saved: ActivityRules): FormLayout => [
  number('broadcaster_user_id', 'Kick broadcaster user id', "The channel's numeric Kick id; empty: no subscriptions."),
  number('chat_points', 'Chat points per interval', 'Only while the stream is live.'),
  number('chat_xp', 'Chat XP per interval'),
  number('chat_interval_seconds', 'Chat interval (seconds)', 'A member earns from chat at most once per interval.'),
  number('chat_hour_cap', 'Chat points cap per hour'),
  number('chat_stream_cap', 'Chat points cap per stream'),
  number('follow_points', 'Follow bonus (once per member)'),
  number('subscription_points', 'Subscription bonus per month'),
  number('gifted_sub_points', 'Gifted subscription bonus (to the gifter, per gift)'),
  number('kick_points', 'Points per Kick gifted'),
  number('watch_points', 'Watch points per interval', 'Watching the player on this site, page visible, stream live.'),
  number('watch_interval_seconds', 'Watch interval (seconds)'),
  number('watch_stream_cap', 'Watch points cap per stream'),
  number('min_account_age_days', 'Minimum account age (days)', 'Accounts here younger than this earn nothing from Kick events.'),
  {
    name: 'chat_commands_enabled',
    label: 'Answer chat commands',
    custom: {
      draft: Boolean,
      value: (draft: boolean) => draft,
      render: ({ draft, set }) => (
        <CheckboxField
          checked={draft as boolean}
          onChange={set}
          label={`Answer !points and !raffle in Kick chat, and enter linked members who type !${saved.join_keyword} in the raffle on stream (once per viewer every 30 seconds)`}
        />
      ),
    },
  },
  {
    name: 'join_keyword',
    label: 'Chat keyword to enter the raffle on stream',
    custom: {
      draft: String,
      value: keyword,
      render: ({ draft, set, error, fact }) => (
        <TextField
          label="Chat keyword to enter the raffle on stream"
          value={draft as string}
          onChange={set}
          error={error}
          maxLength={fact.maxLength}
          hint={`Viewers type it after "!" in chat, as in !${keyword(draft as string) || 'join'}. Letters and digits.`}
        />
      ),
    },
  },
];

/** The earning rules; saving re-syncs the Kick subscriptions when the broadcaster changed. */
export function ActivityRulesForm({ rules }: { rules: ActivityRules }) {
  const [update, state] = useUpdateActivityRulesMutation();
  const { serverErrors, submit } = useAdminSubmit();
  const fields = useMemo(() => layout(rules), [rules]);
  const form = useContractForm({ schema: activityRulesSchema, layout: fields, initial: rules, serverErrors });
  return (
    <form
      className="card admin-panel admin-form"
      noValidate
      aria-labelledby="activity-rules"
      onSubmit={form.onSubmit(
        (input) => void submit(() => update(input).unwrap(), 'Earning rules saved.', 'Failed to save the earning rules.'),
      )}
    >
      <h2 id="activity-rules">Earning rules</h2>
      {form.fields}
      <div className="admin-form__actions">
        <SubmitButton busy={state.isLoading} busyText="Saving...">
          Save rules
        </SubmitButton>
      </div>
    </form>
  );
}
