import { raffleEntryRulesSchema, type RaffleEntryRules } from '@kickback/contracts';
import { FOLLOWS_KNOWN_HINT } from '@kickback/contracts/api/kick-member';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { ContractTextField } from '../kit/contract-fields';

type NumberRule = Exclude<keyof RaffleEntryRules, 'followers_only' | 'subscribers_only'>;

/** The number rules in the form's order, with their labels and hints. */
const NUMBER_RULES: { name: NumberRule; label: string; hint?: string }[] = [
  { name: 'min_level', label: 'Minimum level' },
  { name: 'min_account_age_days', label: 'Minimum account age (days)' },
  { name: 'min_watch_minutes', label: 'Minimum watch minutes', hint: 'Either the watch minutes or the chat messages are enough.' },
  { name: 'min_chat_messages', label: 'Minimum chat messages', hint: 'Messages that earned points (at most one per chat interval).' },
  { name: 'activity_days', label: 'Counted over the last N days', hint: 'Empty: during the current stream.' },
  {
    name: 'exclude_winners_days',
    label: 'Exclude winners of the last N days',
    hint: 'Any prize: raffles, hunts, tournaments, leaderboards.',
  },
  {
    name: 'subscriber_multiplier',
    label: 'Subscriber luck (×2 to ×10)',
    hint: 'Each ticket of a subscriber counts this many times in the draw, fixed when they enter.',
  },
];

/** The rule fields as typed: numbers stay text until submit, so an empty field means "no such rule". */
export type RulesDraft = Pick<RaffleEntryRules, 'followers_only' | 'subscribers_only'> & Record<NumberRule, string>;

export function rulesDraft(rules: RaffleEntryRules | null): RulesDraft {
  const numbers = Object.fromEntries(NUMBER_RULES.map(({ name }) => [name, rules?.[name] ? String(rules[name]) : '']));
  return {
    followers_only: rules?.followers_only ?? false,
    subscribers_only: rules?.subscribers_only ?? false,
    ...(numbers as Record<NumberRule, string>),
  };
}

/** What the API takes: null when no rule is set (anyone not banned may enter). */
export function rulesInput(draft: RulesDraft): RaffleEntryRules | null {
  const numbers = Object.fromEntries(NUMBER_RULES.map(({ name }) => [name, draft[name].trim() ? Number(draft[name]) : null]));
  const rules = {
    followers_only: draft.followers_only,
    subscribers_only: draft.subscribers_only,
    ...(numbers as Record<NumberRule, number | null>),
  };
  return Object.values(rules).some((v) => v !== false && v !== null) ? rules : null;
}

interface Props {
  draft: RulesDraft;
  onChange: (draft: RulesDraft) => void;
  errors: Record<string, string>;
}

/** Who may enter, shown to members on the raffle card; Kick follows, subscriptions and bans come from the channel's webhooks. */
export function RaffleRulesFields({ draft, onChange, errors }: Props) {
  const set = (changes: Partial<RulesDraft>) => onChange({ ...draft, ...changes });
  return (
    <fieldset className="admin-fieldset" aria-label="Who may enter">
      <legend>Who may enter</legend>
      <p className="field-hint">Members banned here or in the Kick chat can never enter. Leave a field empty for no such rule.</p>
      <CheckboxField label="Followers only" checked={draft.followers_only} onChange={(on) => set({ followers_only: on })} />
      {draft.followers_only && (
        <p className="field-hint" data-testid="followers-only-hint">
          {FOLLOWS_KNOWN_HINT} A member's page under Users has Mark as follower.
        </p>
      )}
      <CheckboxField label="Subscribers only" checked={draft.subscribers_only} onChange={(on) => set({ subscribers_only: on })} />
      {NUMBER_RULES.map(({ name, label, hint }) => (
        <ContractTextField
          key={name}
          schema={raffleEntryRulesSchema}
          name={name}
          label={label}
          hint={hint}
          value={draft[name]}
          onChange={(value) => set({ [name]: value })}
          error={errors[`entry_rules.${name}`]}
        />
      ))}
    </fieldset>
  );
}
