import { PROGRESSION_COUNTER_LABELS, PROGRESSION_COUNTERS, type ProgressionCounter } from '@kickback/contracts/api/progression';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';

export interface RuleDraft {
  counter: ProgressionCounter | '';
  threshold: string;
}

interface RuleFieldsProps {
  idPrefix: string;
  rule: RuleDraft;
  onChange: (rule: RuleDraft) => void;
  /** Badges may have no rule (granted by admins only): then the counter offers "none". */
  optional?: boolean;
  error?: string;
}

/** A rule: which counter of the member's progression, and the value that unlocks (e.g. 10 raffle entries). */
export function RuleFields({ idPrefix, rule, onChange, optional = false, error }: RuleFieldsProps) {
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

/** The rule as the API takes it: a number threshold (zod reports a blank or a fraction under the field). */
export const ruleInput = (rule: RuleDraft) =>
  rule.counter === '' ? null : { counter: rule.counter, threshold: rule.threshold.trim() === '' ? Number.NaN : Number(rule.threshold) };

export const ruleLabel = (rule: { counter: ProgressionCounter; threshold: number } | null): string =>
  rule ? `${PROGRESSION_COUNTER_LABELS[rule.counter]} ≥ ${rule.threshold}` : 'Granted by admins';
