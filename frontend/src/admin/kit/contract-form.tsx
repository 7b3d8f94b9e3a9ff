import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ContractFields } from './contract-fields';
import { formFacts, initialDrafts, inputFromDrafts, type Drafts } from './form-drafts';
import { useContractValidation } from './use-contract-validation';
import type { FormLayout, FormTexts } from './form-layout';
import { SubmitButton } from './submit-button';

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

interface ContractFormProps<T, Input> {
  schema: z.ZodType<Input, z.ZodTypeDef, unknown>;
  layout: FormLayout;
  texts: FormTexts<T>;
  /** The record being edited, or null for a new one. */
  initial: T | null;
  defaults?: Partial<Record<string, unknown>>;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (input: Input) => void;
  onCancel: () => void;
  /** Shown after the fields, before the buttons. */
  children?: ReactNode;
}

/** A create/edit form declared by its layout and validated by its contract, with the server's field errors under the inputs. */
export function ContractForm<T, Input>({ texts, initial, saving, onSubmit, onCancel, children, ...contract }: ContractFormProps<T, Input>) {
  const form = useContractForm({ ...contract, initial });
  const title = initial ? texts.title.edit(initial) : texts.title.create;
  const label = texts.label ? (initial ? texts.label.edit(initial) : texts.label.create) : title;
  return (
    <form className="card admin-fieldset" onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={label}>
      <h2>{title}</h2>
      {form.fields}
      {children}
      <div className="admin-form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton busy={saving} busyText="Saving...">
          {initial ? texts.submit.edit : texts.submit.create}
        </SubmitButton>
      </div>
    </form>
  );
}
