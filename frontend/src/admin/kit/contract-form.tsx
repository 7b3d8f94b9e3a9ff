import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { FormLayout, FormTexts } from './form-layout';
import { useContractForm } from './use-contract-form';

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
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : initial ? texts.submit.edit : texts.submit.create}
        </button>
      </div>
    </form>
  );
}
