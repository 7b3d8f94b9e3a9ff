import type { z } from 'zod';
import { fieldFacts, objectShape, type FieldFacts } from './schema-fields';
import { layoutRows, type FieldLayout, type FormLayout } from './form-layout';

export type Drafts = Record<string, unknown>;

const layoutFields = (layout: FormLayout): FieldLayout[] => layoutRows(layout).flatMap((row) => row.fields);

/** The facts of every laid-out field, read once per schema. */
export function formFacts(schema: z.ZodTypeAny, layout: FormLayout): Map<string, FieldFacts> {
  const shape = objectShape(schema);
  return new Map(
    layoutFields(layout).map((field) => {
      const fieldSchema = shape[field.name];
      if (!fieldSchema && field.custom && !field.custom.value) return [field.name, { kind: 'other', required: false, nullable: false }];
      if (!fieldSchema) throw new Error(`The contract has no field ${field.name}`);
      return [field.name, fieldFacts(fieldSchema)];
    }),
  );
}

/** What the form's inputs hold at first: the record's values, else the declared defaults, else the contract's. */
export function initialDrafts(
  layout: FormLayout,
  facts: Map<string, FieldFacts>,
  record: Record<string, unknown> | null,
  defaults: Record<string, unknown>,
): Drafts {
  const drafts: Drafts = {};
  for (const field of layoutFields(layout)) {
    const fact = facts.get(field.name)!;
    const value = record ? record[field.name] : (defaults[field.name] ?? fact.defaultValue);
    if (field.custom) drafts[field.name] = field.custom.draft(value);
    else if (fact.kind === 'boolean') drafts[field.name] = Boolean(value ?? false);
    else if (fact.kind === 'enum') drafts[field.name] = String(value ?? fact.options?.[0] ?? '');
    else drafts[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return drafts;
}

/** Whether the contract would take 0, so that an emptied box read as 0 would pass unnoticed (a price made free). */
const zeroPasses = (fact: FieldFacts) => (fact.min === undefined || fact.min <= 0) && (fact.max === undefined || fact.max >= 0);

/**
 * The input to validate, from the drafts. An empty box is null where the contract allows null. An empty number box is
 * "not given" where it has a default or 0 would pass (the contract's default on create, the kept value on a partial
 * update, else the contract's "Required"), and 0 where 0 is refused, so the contract's minimum names the problem. An
 * emptied text is its contract's default where it has one (an amount is '0' again, a description ''), else sent empty
 * for the contract to judge. Numbers are read as numbers so the contract's message names a bad one.
 */
export function inputFromDrafts(layout: FormLayout, facts: Map<string, FieldFacts>, drafts: Drafts): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of layoutFields(layout)) {
    const fact = facts.get(field.name)!;
    const draft = drafts[field.name];
    if (field.custom) {
      if (field.custom.value) input[field.name] = field.custom.value(draft);
      continue;
    }
    if (fact.kind === 'boolean' || fact.kind === 'enum') {
      input[field.name] = draft;
      continue;
    }
    const text = String(draft);
    if (text.trim() === '' && (fact.nullable || (fact.kind === 'number' && (fact.defaultValue !== undefined || zeroPasses(fact))))) {
      input[field.name] = fact.nullable ? null : undefined;
      continue;
    }
    if (text.trim() === '' && fact.kind === 'text' && fact.defaultValue !== undefined) {
      input[field.name] = fact.defaultValue;
      continue;
    }
    input[field.name] = fact.kind === 'number' ? Number(text) : text;
  }
  return input;
}
