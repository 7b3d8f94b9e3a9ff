import type { ComponentProps } from 'react';
import type { z } from 'zod';
import { TextField } from '../../components/ui/text-field';
import { contractFieldFacts } from './schema-fields';

type ContractTextFieldProps = Omit<ComponentProps<typeof TextField>, 'required' | 'maxLength'> & {
  /** The contract the server validates the form with. */
  schema: z.ZodTypeAny;
  /** The field's dotted path in it. */
  name: string;
};

/** A text box of a page's own form whose required and length limit are read from its contract field. */
export function ContractTextField({ schema, name, ...props }: ContractTextFieldProps) {
  const facts = contractFieldFacts(schema, name);
  return <TextField {...props} required={facts.required} maxLength={facts.maxLength} />;
}
