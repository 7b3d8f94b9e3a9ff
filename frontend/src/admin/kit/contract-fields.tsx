import { useId, type ComponentProps } from 'react';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import type { Drafts } from './form-drafts';
import { layoutRows, type FieldLayout, type FormLayout } from './form-layout';
import type { z } from 'zod';
import { contractFieldFacts, type FieldFacts } from './schema-fields';

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
      {layoutRows(layout).map((row) =>
        row.grid ? (
          <div className="admin-grid" key={row.fields.map((f) => f.name).join()}>
            {row.fields.map(field)}
          </div>
        ) : (
          field(row.fields[0]!)
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

type TextFieldProps = ComponentProps<typeof TextField>;

type ContractTextFieldProps = Omit<TextFieldProps, 'maxLength'> & {
  /** The contract the server validates the form with. */
  schema: z.ZodTypeAny;
  /** The field's dotted path in it. */
  name: string;
};

/**
 * A text box of a page's own form whose length limit is read from its contract field, and whether it is required
 * unless the form says so itself (a number typed as text, a field the screen has always shown as optional).
 */
export function ContractTextField({ schema, name, required, ...props }: ContractTextFieldProps) {
  const facts = contractFieldFacts(schema, name);
  return <TextField {...props} required={required ?? facts.required} maxLength={facts.maxLength} />;
}

const valueAt = (draft: object, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], draft);

/**
 * The text boxes of a page's own form over one draft: `field(name, label, props)` draws the contract field at that
 * dotted path with the draft's value, its error and the contract's limits, and hands what is typed to `set`.
 */
export function contractTextFields(
  schema: z.ZodTypeAny,
  draft: object,
  set: (name: string, value: string) => void,
  errors: Record<string, string>,
) {
  return (name: string, label: string, props: Partial<Omit<TextFieldProps, 'maxLength'>> = {}) => (
    <ContractTextField
      key={name}
      schema={schema}
      name={name}
      label={label}
      value={String(valueAt(draft, name) ?? '')}
      onChange={(value) => set(name, value)}
      error={errors[name]}
      {...props}
    />
  );
}
