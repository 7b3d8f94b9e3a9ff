import { useState, type FormEvent } from 'react';
import type { AdminBadge, BadgeInput } from '@kickback/contracts';
import { badgeInputSchema } from '@kickback/contracts/api/progression';
import { firstIssuePerField } from '../../lib/form-issues';
import { TextField } from '../../components/ui/text-field';
import { RuleFields, ruleInput, type RuleDraft } from './rule-fields';

interface BadgeFormProps {
  initial: AdminBadge | null;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: BadgeInput) => void;
  onCancel: () => void;
}

export function BadgeForm({ initial, saving, serverErrors, onSubmit, onCancel }: BadgeFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [icon, setIcon] = useState(initial?.icon ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [rule, setRule] = useState<RuleDraft>({
    counter: initial?.rule?.counter ?? '',
    threshold: String(initial?.rule?.threshold ?? 1),
  });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = badgeInputSchema.safeParse({ name, icon, description, rule: ruleInput(rule) });
    if (!parsed.success) {
      setLocalErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setLocalErrors({});
    onSubmit(parsed.data);
  };

  const title = initial ? `Edit ${initial.name}` : 'New Badge';
  return (
    <form className="card admin-fieldset" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="admin-grid">
        <TextField label="Name" value={name} onChange={setName} error={errors.name} required maxLength={100} />
        <TextField label="Icon" hint="An emoji, e.g. ⭐" value={icon} onChange={setIcon} error={errors.icon} maxLength={64} />
      </div>
      <TextField
        label="Description"
        hint="Shown as the badge's tooltip on profiles."
        value={description}
        onChange={setDescription}
        error={errors.description}
        maxLength={255}
      />
      <RuleFields idPrefix="badge-rule" rule={rule} onChange={setRule} optional error={errors.rule ?? errors['rule.threshold']} />
      <div className="admin-form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : initial ? 'Save Changes' : 'Create Badge'}
        </button>
      </div>
    </form>
  );
}
