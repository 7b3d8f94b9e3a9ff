import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { firstIssuePerField } from '../../lib/form-issues';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { formFacts, initialDrafts, inputFromDrafts, type Drafts } from './form-drafts';
import type { FieldLayout, FormLayout, FormTexts } from './form-layout';
import type { FieldFacts } from './schema-fields';

interface ContractFormProps<T, Input> {
  /** The contract the server validates with: the form reads kinds, limits and options from it and validates with it. */
  schema: z.ZodType<Input, z.ZodTypeDef, unknown>;
  layout: FormLayout;
  texts: FormTexts<T>;
  /** The record being edited, or null for a new one. */
  initial: T | null;
  /** A new record's values where they depend on the list (the next position). */
  defaults?: Partial<Record<string, unknown>>;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: Input) => void;
  onCancel: () => void;
  /** Shown after the fields, before the buttons. */
  children?: ReactNode;
}

/** A create/edit form declared by its layout and validated by its contract, with the server's field errors under the inputs. */
export function ContractForm<T, Input>(props: ContractFormProps<T, Input>) {
  const { schema, layout, texts, initial, saving, serverErrors, onSubmit, onCancel, children } = props;
  const facts = useMemo(() => formFacts(schema, layout), [schema, layout]);
  const [drafts, setDrafts] = useState<Drafts>(() =>
    initialDrafts(layout, facts, initial as Record<string, unknown> | null, props.defaults ?? {}),
  );
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };
  const idPrefix = useId();
  const set = (name: string, value: unknown) => setDrafts((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(inputFromDrafts(layout, facts, drafts));
    if (!parsed.success) {
      setLocalErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setLocalErrors({});
    onSubmit(parsed.data);
  };

  const field = (layoutField: FieldLayout) => (
    <ContractField
      key={layoutField.name}
      field={layoutField}
      fact={facts.get(layoutField.name)!}
      draft={drafts[layoutField.name]}
      set={(value) => set(layoutField.name, value)}
      errors={errors}
      drafts={drafts}
      id={layoutField.id ?? `${idPrefix}-${layoutField.name}`}
    />
  );
  const title = initial ? texts.title.edit(initial) : texts.title.create;
  const label = texts.label ? (initial ? texts.label.edit(initial) : texts.label.create) : title;
  return (
    <form className="card admin-fieldset" onSubmit={submit} noValidate aria-label={label}>
      <h2>{title}</h2>
      {layout.map((entry) =>
        Array.isArray(entry) ? (
          <div className="admin-grid" key={entry.map((f) => f.name).join()}>
            {entry.map(field)}
          </div>
        ) : (
          field(entry)
        ),
      )}
      {children}
      <div className="admin-form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : initial ? texts.submit.edit : texts.submit.create}
        </button>
      </div>
    </form>
  );
}

interface ContractFieldProps {
  field: FieldLayout;
  fact: FieldFacts;
  draft: unknown;
  set: (value: unknown) => void;
  errors: Record<string, string>;
  drafts: Drafts;
  id: string;
}

function ContractField({ field, fact, draft, set, errors, drafts, id }: ContractFieldProps) {
  const error = errors[field.name];
  if (field.custom) return <>{field.custom.render({ draft, set, error, errors, fact, drafts })}</>;
  if (fact.kind === 'boolean') return <CheckboxField label={field.label} checked={draft as boolean} onChange={set} error={error} />;
  if (fact.kind === 'enum')
    return (
      <SelectField id={id} label={field.label} hint={field.hint} value={draft as string} onChange={set} error={error}>
        {(fact.options ?? []).map((option) => (
          <option key={option} value={option}>
            {field.options?.[option] ?? option}
          </option>
        ))}
      </SelectField>
    );
  return (
    <TextField
      label={field.label}
      hint={field.hint}
      value={draft as string}
      onChange={set}
      error={error}
      type={field.type}
      multiline={field.rows !== undefined}
      rows={field.rows}
      required={fact.required}
      maxLength={fact.maxLength}
    />
  );
}
