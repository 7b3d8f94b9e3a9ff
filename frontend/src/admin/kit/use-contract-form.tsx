import { useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ContractFields } from './contract-fields';
import { formFacts, initialDrafts, inputFromDrafts, type Drafts } from './form-drafts';
import type { FormLayout } from './form-layout';
import { useContractValidation } from './use-contract-validation';

interface ContractFormOptions<Input> {
  /** The contract the server validates with: kinds, limits and options are read from it, and the input validated by it. */
  schema: z.ZodType<Input, z.ZodTypeDef, unknown>;
  layout: FormLayout;
  /** The record whose values the inputs start with, or null for a new one. */
  initial: unknown;
  /** A new record's values where they depend on the list (the next position). */
  defaults?: Partial<Record<string, unknown>>;
  serverErrors: Record<string, string>;
}

/**
 * A declared form's state for a screen that draws its own frame: `fields` are the inputs, `onSubmit(send)` validates
 * with the contract and calls `send` with the parsed input, or shows the contract's messages under the inputs.
 */
export function useContractForm<Input>({ schema, layout, initial, defaults, serverErrors }: ContractFormOptions<Input>) {
  const facts = useMemo(() => formFacts(schema, layout), [schema, layout]);
  const start = () => initialDrafts(layout, facts, initial as Record<string, unknown> | null, defaults ?? {});
  const [drafts, setDrafts] = useState<Drafts>(start);
  const { errors, validate } = useContractValidation(schema, serverErrors);
  const set = (name: string, value: unknown) => setDrafts((current) => ({ ...current, [name]: value }));
  return {
    drafts,
    /** Empties the inputs again, for a form that adds one row after another. */
    reset: () => setDrafts(start()),
    fields: <ContractFields layout={layout} facts={facts} drafts={drafts} set={set} errors={errors} />,
    onSubmit: (send: (input: Input) => void) => (event: FormEvent) => {
      event.preventDefault();
      const input = validate(inputFromDrafts(layout, facts, drafts));
      if (input !== null) send(input);
    },
  };
}
