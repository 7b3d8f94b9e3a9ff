import type { RaffleEntryRules } from '@kickback/contracts';
import { FOLLOWS_KNOWN_HINT } from '@kickback/contracts/api/kick-member';
import { TextField } from '../../components/ui/text-field';

/** The rule fields as typed: numbers stay text until submit, so an empty field means "no such rule". */
export interface RulesDraft {
  followers_only: boolean;
  subscribers_only: boolean;
  min_level: string;
  min_account_age_days: string;
  min_watch_minutes: string;
  min_chat_messages: string;
  activity_days: string;
  exclude_winners_days: string;
  subscriber_multiplier: string;
}

const NUMBER_FIELDS = [
  'min_level',
  'min_account_age_days',
  'min_watch_minutes',
  'min_chat_messages',
  'activity_days',
  'exclude_winners_days',
  'subscriber_multiplier',
] as const;

export function rulesDraft(rules: RaffleEntryRules | null): RulesDraft {
  const text = (v: number | null | undefined) => (v ? String(v) : '');
  return {
    followers_only: rules?.followers_only ?? false,
    subscribers_only: rules?.subscribers_only ?? false,
    ...(Object.fromEntries(NUMBER_FIELDS.map((k) => [k, text(rules?.[k])])) as Pick<RulesDraft, (typeof NUMBER_FIELDS)[number]>),
  };
}

/** What the API takes: null when no rule is set (anyone not banned may enter). */
export function rulesInput(draft: RulesDraft): RaffleEntryRules | null {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((k) => [k, draft[k].trim() ? Number(draft[k]) : null])) as Pick<
    RaffleEntryRules,
    (typeof NUMBER_FIELDS)[number]
  >;
  const rules: RaffleEntryRules = { followers_only: draft.followers_only, subscribers_only: draft.subscribers_only, ...numbers };
  return Object.values(rules).some((v) => v !== false && v !== null) ? rules : null;
}

interface Props {
  draft: RulesDraft;
  onChange: (draft: RulesDraft) => void;
  error: (field: string) => string | undefined;
}

/** Who may enter, shown to members on the raffle card; Kick follows, subscriptions and bans come from the channel's webhooks. */
export function RaffleRulesFields({ draft, onChange, error }: Props) {
  const set =
    <K extends keyof RulesDraft>(key: K) =>
    (value: RulesDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (field: string) => error(`entry_rules.${field}`);
  return (
    <fieldset className="admin-fieldset" aria-label="Who may enter">
      <legend>Who may enter</legend>
      <p className="field-hint">Members banned here or in the Kick chat can never enter. Leave a field empty for no such rule.</p>
      <label className="checkbox">
        <input type="checkbox" checked={draft.followers_only} onChange={(e) => set('followers_only')(e.target.checked)} /> Followers only
      </label>
      {draft.followers_only && (
        <p className="field-hint" data-testid="followers-only-hint">
          {FOLLOWS_KNOWN_HINT} A member's page under Users has Mark as follower.
        </p>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={draft.subscribers_only} onChange={(e) => set('subscribers_only')(e.target.checked)} /> Subscribers
        only
      </label>
      <TextField label="Minimum level" value={draft.min_level} onChange={set('min_level')} error={err('min_level')} />
      <TextField
        label="Minimum account age (days)"
        value={draft.min_account_age_days}
        onChange={set('min_account_age_days')}
        error={err('min_account_age_days')}
      />
      <TextField
        label="Minimum watch minutes"
        value={draft.min_watch_minutes}
        onChange={set('min_watch_minutes')}
        error={err('min_watch_minutes')}
        hint="Either the watch minutes or the chat messages are enough."
      />
      <TextField
        label="Minimum chat messages"
        value={draft.min_chat_messages}
        onChange={set('min_chat_messages')}
        error={err('min_chat_messages')}
        hint="Messages that earned points (at most one per chat interval)."
      />
      <TextField
        label="Counted over the last N days"
        value={draft.activity_days}
        onChange={set('activity_days')}
        error={err('activity_days')}
        hint="Empty: during the current stream."
      />
      <TextField
        label="Exclude winners of the last N days"
        value={draft.exclude_winners_days}
        onChange={set('exclude_winners_days')}
        error={err('exclude_winners_days')}
        hint="Any prize: raffles, hunts, tournaments, leaderboards."
      />
      <TextField
        label="Subscriber luck (×2 to ×10)"
        value={draft.subscriber_multiplier}
        onChange={set('subscriber_multiplier')}
        error={err('subscriber_multiplier')}
        hint="Each ticket of a subscriber counts this many times in the draw, fixed when they enter."
      />
    </fieldset>
  );
}
