import type { ComponentProps } from 'react';
import type { z } from 'zod';
import { TextField } from '../../components/ui/text-field';
import { contractFieldFacts } from './schema-fields';

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
