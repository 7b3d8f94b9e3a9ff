import { useState, type FormEvent } from 'react';
import type { AdminTicketCategory, TicketCategoryInput } from '@kickback/contracts';
import { ticketCategoryInputSchema } from '@kickback/contracts/api/tickets';
import { firstIssuePerField } from '../../lib/form-issues';
import { TextField } from '../../components/ui/text-field';

interface TicketCategoryFormProps {
  initial: AdminTicketCategory | null;
  /** Where a new category goes by default: after the last one. */
  nextPosition: number;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: TicketCategoryInput) => void;
  onCancel: () => void;
}

export function TicketCategoryForm({ initial, nextPosition, saving, serverErrors, onSubmit, onCancel }: TicketCategoryFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [position, setPosition] = useState(String(initial?.position ?? nextPosition));
  const [active, setActive] = useState(initial?.active ?? true);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ticketCategoryInputSchema.safeParse({ name, description, position: position.trim() === '' ? 0 : position, active });
    if (!parsed.success) {
      setLocalErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setLocalErrors({});
    onSubmit(parsed.data);
  };

  const title = initial ? `Edit ${initial.name}` : 'New Category';
  return (
    <form className="card admin-fieldset" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="admin-grid">
        <TextField label="Name" value={name} onChange={setName} error={errors.name} required maxLength={100} />
        <TextField
          label="Order"
          hint="Lower numbers come first in the member's list."
          value={position}
          onChange={setPosition}
          error={errors.position}
        />
      </div>
      <TextField label="Description" value={description} onChange={setDescription} error={errors.description} maxLength={255} />
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        Active (members can choose it for new tickets)
      </label>
      <div className="admin-form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : initial ? 'Save Changes' : 'Create Category'}
        </button>
      </div>
    </form>
  );
}
