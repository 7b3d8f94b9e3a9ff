import { useId } from 'react';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import type { Drafts } from './form-drafts';
import type { FieldLayout, FormLayout } from './form-layout';
import type { FieldFacts } from './schema-fields';

interface ContractFieldsProps {
  layout: FormLayout;
  facts: Map<string, FieldFacts>;
  drafts: Drafts;
  set: (name: string, value: unknown) => void;
  errors: Record<string, string>;
}

/** A declared layout's inputs, top to bottom; an inner list is one row of the grid. */
export function ContractFields({ layout, facts, drafts, set, errors }: ContractFieldsProps) {
  const idPrefix = useId();
  const field = (layoutField: FieldLayout) => (
    <ContractField
      key={layoutField.name}
      field={layoutField}
      fact={facts.get(layoutField.name)!}
      drafts={drafts}
      set={(value) => set(layoutField.name, value)}
      errors={errors}
      id={layoutField.id ?? `${idPrefix}-${layoutField.name}`}
    />
  );
  return (
    <>
      {layout.map((entry) =>
        Array.isArray(entry) ? (
          <div className="admin-grid" key={entry.map((f) => f.name).join()}>
            {entry.map(field)}
          </div>
        ) : (
          field(entry)
        ),
      )}
    </>
  );
}

interface ContractFieldProps {
  field: FieldLayout;
  fact: FieldFacts;
  drafts: Drafts;
  set: (value: unknown) => void;
  errors: Record<string, string>;
  id: string;
}

function ContractField({ field, fact, drafts, set, errors, id }: ContractFieldProps) {
  const error = errors[field.name];
  const draft = drafts[field.name];
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
      min={fact.min}
    />
  );
}
