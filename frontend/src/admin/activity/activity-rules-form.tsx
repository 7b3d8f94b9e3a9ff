import { useState, type FormEvent } from 'react';
import type { ActivityRules } from '@kickback/contracts';
import { fieldErrors } from '../../lib/api-error';
import { useAdminAction } from '../kit/use-admin-crud';
import { useUpdateActivityRulesMutation } from './admin-activity-api';

type NumberRule = Exclude<keyof ActivityRules, 'broadcaster_user_id' | 'chat_commands_enabled' | 'join_keyword'>;

const FIELDS: { key: NumberRule; label: string; hint?: string }[] = [
  { key: 'chat_points', label: 'Chat points per interval', hint: 'Only while the stream is live.' },
  { key: 'chat_xp', label: 'Chat XP per interval' },
  { key: 'chat_interval_seconds', label: 'Chat interval (seconds)', hint: 'A member earns from chat at most once per interval.' },
  { key: 'chat_hour_cap', label: 'Chat points cap per hour' },
  { key: 'chat_stream_cap', label: 'Chat points cap per stream' },
  { key: 'follow_points', label: 'Follow bonus (once per member)' },
  { key: 'subscription_points', label: 'Subscription bonus per month' },
  { key: 'gifted_sub_points', label: 'Gifted subscription bonus (to the gifter, per gift)' },
  { key: 'kick_points', label: 'Points per Kick gifted' },
  { key: 'watch_points', label: 'Watch points per interval', hint: 'Watching the player on this site, page visible, stream live.' },
  { key: 'watch_interval_seconds', label: 'Watch interval (seconds)' },
  { key: 'watch_stream_cap', label: 'Watch points cap per stream' },
  {
    key: 'min_account_age_days',
    label: 'Minimum account age (days)',
    hint: 'Accounts here younger than this earn nothing from Kick events.',
  },
];

/** The earning rules; saving re-syncs the Kick subscriptions when the broadcaster changed. */
export function ActivityRulesForm({ rules }: { rules: ActivityRules }) {
  const [form, setForm] = useState(
    () =>
      ({
        ...Object.fromEntries(FIELDS.map(({ key }) => [key, String(rules[key])])),
        broadcaster_user_id: rules.broadcaster_user_id === null ? '' : String(rules.broadcaster_user_id),
      }) as Record<NumberRule | 'broadcaster_user_id', string>,
  );
  const [commands, setCommands] = useState(rules.chat_commands_enabled);
  const [joinKeyword, setJoinKeyword] = useState(rules.join_keyword);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [update, state] = useUpdateActivityRulesMutation();
  const run = useAdminAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...Object.fromEntries(FIELDS.map(({ key }) => [key, Number(form[key])])),
      broadcaster_user_id: form.broadcaster_user_id.trim() === '' ? null : Number(form.broadcaster_user_id),
      chat_commands_enabled: commands,
      join_keyword: joinKeyword.trim().replace(/^!/, ''),
    };
    setErrors({});
    await run(
      async () => {
        try {
          await update(body).unwrap();
        } catch (error) {
          setErrors(fieldErrors(error));
          throw error;
        }
      },
      'Earning rules saved.',
      'Failed to save the earning rules.',
    );
  };

  const numberField = (key: NumberRule | 'broadcaster_user_id', label: string, hint?: string) => (
    <div className="field" key={key}>
      <label htmlFor={`rule-${key}`}>{label}</label>
      <input
        id={`rule-${key}`}
        className="input"
        type="number"
        inputMode="numeric"
        min={0}
        value={form[key]}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(event) => setForm((current) => ({ ...current, [key]: event.target.value }))}
      />
      {hint && <span className="field-hint">{hint}</span>}
      {errors[key] && <span className="field-error">{errors[key]}</span>}
    </div>
  );

  return (
    <form className="card admin-panel admin-form" onSubmit={(event) => void submit(event)} aria-labelledby="activity-rules">
      <h2 id="activity-rules">Earning rules</h2>
      {numberField('broadcaster_user_id', 'Kick broadcaster user id', "The channel's numeric Kick id; empty: no subscriptions.")}
      {FIELDS.map(({ key, label, hint }) => numberField(key, label, hint))}
      <label className="checkbox">
        <input type="checkbox" checked={commands} onChange={(event) => setCommands(event.target.checked)} />
        Answer !points and !raffle in Kick chat, and enter linked members who type !{rules.join_keyword} in the raffle on stream (once per
        viewer every 30 seconds)
      </label>
      <div className="field">
        <label htmlFor="rule-join_keyword">Chat keyword to enter the raffle on stream</label>
        <input
          id="rule-join_keyword"
          className="input"
          value={joinKeyword}
          maxLength={21}
          autoComplete="off"
          aria-invalid={errors.join_keyword ? true : undefined}
          onChange={(event) => setJoinKeyword(event.target.value)}
        />
        <span className="field-hint">
          Viewers type it after "!" in chat, as in !{joinKeyword.trim().replace(/^!/, '') || 'join'}. Letters and digits.
        </span>
        {errors.join_keyword && <span className="field-error">{errors.join_keyword}</span>}
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={state.isLoading}>
          {state.isLoading ? 'Saving...' : 'Save rules'}
        </button>
      </div>
    </form>
  );
}
