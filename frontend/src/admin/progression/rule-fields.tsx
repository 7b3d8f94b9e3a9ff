import {
  PROGRESSION_COUNTER_LABELS,
  PROGRESSION_COUNTERS,
  type ProgressionCounter,
  type ProgressionRule,
} from '@kickback/contracts/api/progression';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import type { CustomField } from '../kit/form-layout';

interface RuleDraft {
  counter: ProgressionCounter | '';
  threshold: string;
}

interface RuleFieldsProps {
  idPrefix: string;
  rule: RuleDraft;
  onChange: (rule: RuleDraft) => void;
  /** Badges may have no rule (granted by admins only): then the counter offers "none". */
  optional: boolean;
  error?: string;
}

/** A rule: which counter of the member's progression, and the value that unlocks (e.g. 10 raffle entries). */
function RuleFields({ idPrefix, rule, onChange, optional, error }: RuleFieldsProps) {
  return (
    <div className="admin-grid">
      <SelectField
        id={`${idPrefix}-counter`}
        label="Rule: counter"
        value={rule.counter}
        onChange={(value) => onChange({ ...rule, counter: value as RuleDraft['counter'] })}
      >
        {optional && <option value="">None (granted by admins only)</option>}
        {PROGRESSION_COUNTERS.map((counter) => (
          <option key={counter} value={counter}>
            {PROGRESSION_COUNTER_LABELS[counter]}
          </option>
        ))}
      </SelectField>
      {rule.counter !== '' && (
        <TextField
          label="Rule: threshold"
          hint="Unlocks when the counter reaches this value."
          value={rule.threshold}
          onChange={(threshold) => onChange({ ...rule, threshold })}
          error={error}
          required
        />
      )}
    </div>
  );
}

/**
 * The rule as a form field: an achievement always has one (a new one starts at 1 raffle entry); a badge's is
 * optional (`optional`), and without one admins grant it by hand. The threshold is sent as a number so the
 * contract names a blank or a fraction under the field.
 */
export function ruleField(idPrefix: string, optional: boolean): CustomField<RuleDraft> {
  return {
    draft: (value) => {
      const rule = value as ProgressionRule | null | undefined;
      return { counter: rule?.counter ?? (optional ? '' : 'raffle_entries'), threshold: String(rule?.threshold ?? 1) };
    },
    value: (rule) =>
      rule.counter === '' ? null : { counter: rule.counter, threshold: rule.threshold.trim() === '' ? Number.NaN : Number(rule.threshold) },
    render: ({ draft, set, error, errors }) => (
      <RuleFields idPrefix={idPrefix} rule={draft} onChange={set} optional={optional} error={error ?? errors['rule.threshold']} />
    ),
  };
}

export const ruleLabel = (rule: ProgressionRule | null): string =>
  rule ? `${PROGRESSION_COUNTER_LABELS[rule.counter]} ≥ ${rule.threshold}` : 'Granted by admins';

/** A catalogue row's name: its icon (or the catalogue's own), the name and the description under it. */
export function ProgressionName({
  item,
  fallbackIcon,
}: {
  item: { icon: string | null; name: string; description: string };
  fallbackIcon: string;
}) {
  return (
    <>
      <span aria-hidden="true">{item.icon || fallbackIcon}</span> {item.name}
      {item.description && <div className="field-hint">{item.description}</div>}
    </>
  );
}
