import { useState, type FormEvent } from 'react';
import type { AchievementInput, AdminAchievement } from '@kickback/contracts';
import { ACHIEVEMENT_CATEGORIES, achievementInputSchema, type AchievementCategory } from '@kickback/contracts/api/progression';
import { firstIssuePerField } from '../../lib/form-issues';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { RuleFields, ruleInput, type RuleDraft } from './rule-fields';

interface AchievementFormProps {
  initial: AdminAchievement | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: AchievementInput) => void;
  onCancel: () => void;
}

export function AchievementForm({ initial, saving, serverErrors, onSubmit, onCancel }: AchievementFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [icon, setIcon] = useState(initial?.icon ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [category, setCategory] = useState<AchievementCategory>(initial?.category ?? 'community');
  const [rule, setRule] = useState<RuleDraft>({
    counter: initial?.rule.counter ?? 'raffle_entries',
    threshold: String(initial?.rule.threshold ?? 1),
  });
  const [active, setActive] = useState(initial?.active ?? true);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = achievementInputSchema.safeParse({ name, icon, description, category, rule: ruleInput(rule), active });
    if (!parsed.success) {
      setLocalErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setLocalErrors({});
    onSubmit(parsed.data);
  };

  const title = initial ? `Edit ${initial.name}` : 'New Achievement';
  return (
    <form className="card admin-fieldset" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="admin-grid">
        <TextField label="Name" value={name} onChange={setName} error={errors.name} required maxLength={100} />
        <TextField label="Icon" hint="An emoji, e.g. 🎟️" value={icon} onChange={setIcon} error={errors.icon} maxLength={64} />
      </div>
      <TextField label="Description" value={description} onChange={setDescription} error={errors.description} maxLength={255} />
      <SelectField
        id="achievement-category"
        label="Category"
        value={category}
        onChange={(value) => setCategory(value as AchievementCategory)}
      >
        {ACHIEVEMENT_CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      <RuleFields idPrefix="achievement-rule" rule={rule} onChange={setRule} error={errors.rule ?? errors['rule.threshold']} />
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        Active (shown on profiles and unlocked by the worker)
      </label>
      <div className="admin-form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : initial ? 'Save Changes' : 'Create Achievement'}
        </button>
      </div>
    </form>
  );
}
