import type { ReactNode } from 'react';
import type { FieldFacts } from './schema-fields';

/** A field the kit cannot draw from the schema alone (an image, a rule, a list): its own control over a draft. */
export interface CustomField<Draft = unknown> {
  /** The draft from the record's value (undefined for a new record). */
  draft: (value: unknown) => Draft;
  /**
   * The value sent, from the draft. Left out, the field only shows something (a URL fixed once created): it sends
   * nothing and may name a record property the contract does not hold.
   */
  value?: (draft: Draft) => unknown;
  render: (props: CustomFieldProps<Draft>) => ReactNode;
}

interface CustomFieldProps<Draft> {
  draft: Draft;
  set: (draft: Draft) => void;
  error?: string;
  errors: Record<string, string>;
  /** What the contract says of the field (its length limit), so the control need not restate it. */
  fact: FieldFacts;
  /** Every field's draft, for a control that depends on another (a URL label that follows the chosen kind). */
  drafts: Record<string, unknown>;
}

/** One input of a declared form; kind, limits, required and options come from the contract's schema. */
export interface FieldLayout {
  /** The contract field. */
  name: string;
  label: string;
  hint?: string;
  /** A text field drawn as a textarea of this many rows. */
  rows?: number;
  type?: 'url' | 'email' | 'number';
  /** An enum's option labels; options keep the contract's order. */
  options?: Record<string, string>;
  /** A select's id, where other screens or docs name it. */
  id?: string;
  // Declared with `any` so a layout can list custom fields of different draft types side by side.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  custom?: CustomField<any>;
}

/**
 * A field by its contract name alone, labelled with the name as a sentence ('description' → "Description",
 * 'max_stake' → "Max stake"), as react-admin labels an input by its source.
 */
type NamedField = string;

/** Fields top to bottom; an inner list is one row of the form's grid. */
export type FormLayout = (FieldLayout | NamedField | (FieldLayout | NamedField)[])[];

const labelOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('_', ' ');

const asField = (entry: FieldLayout | NamedField): FieldLayout =>
  typeof entry === 'string' ? { name: entry, label: labelOf(entry) } : entry;

/** The layout as rows of fields: a field alone is a row of one, drawn without the grid. */
export const layoutRows = (layout: FormLayout): { fields: FieldLayout[]; grid: boolean }[] =>
  layout.map((entry) => (Array.isArray(entry) ? { fields: entry.map(asField), grid: true } : { fields: [asField(entry)], grid: false }));

/** The texts of a declared form, word for word as the screen shows them. */
export interface FormTexts<T> {
  title: { create: string; edit: (item: T) => string };
  /** The form's accessible name when it differs from its heading. */
  label?: { create: string; edit: (item: T) => string };
  submit: { create: string; edit: string };
}
