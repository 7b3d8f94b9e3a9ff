import { z } from 'zod';

/** What a form needs to know about one field of a contract schema. */
export interface FieldFacts {
  kind: 'text' | 'number' | 'boolean' | 'enum' | 'other';
  /** Refused when empty: a string with a minimum length (or a URL or email check), or a value with neither default, null nor optional. */
  required: boolean;
  nullable: boolean;
  maxLength?: number;
  /** A number's bounds. */
  min?: number;
  max?: number;
  /** An enum's values, in the contract's order. */
  options?: readonly string[];
  /** The contract's default, used for a new record's form. */
  defaultValue?: unknown;
}

/**
 * Reads a field's kind, limits and options from the zod schema that the server validates with, so a form never
 * restates them. Wrappers (default, optional, nullable, effects, pipelines) are looked through.
 */
export function fieldFacts(schema: z.ZodTypeAny): FieldFacts {
  const { current, nullable, optional, defaultValue } = unwrap(schema);
  const base = { nullable, defaultValue };
  if (current instanceof z.ZodString) {
    // A URL or an address is never empty, so such a field is required like one with a minimum length.
    const refusesEmpty = (current.minLength ?? 0) > 0 || current.isURL || current.isEmail;
    return { ...base, kind: 'text', required: refusesEmpty && !optional && !nullable, maxLength: current.maxLength ?? undefined };
  }
  if (current instanceof z.ZodNumber)
    return {
      ...base,
      kind: 'number',
      required: !optional && !nullable,
      min: current.minValue ?? undefined,
      max: current.maxValue ?? undefined,
    };
  if (current instanceof z.ZodBoolean) return { ...base, kind: 'boolean', required: false };
  if (current instanceof z.ZodEnum)
    return { ...base, kind: 'enum', required: !optional && !nullable, options: current.options as string[] };
  if (current instanceof z.ZodNativeEnum)
    return { ...base, kind: 'enum', required: !optional && !nullable, options: Object.values(current.enum as Record<string, string>) };
  // A union that takes an empty text (`'' | url`) may be left empty.
  const takesEmpty = current instanceof z.ZodUnion && current.safeParse('').success;
  return { ...base, kind: 'other', required: !optional && !nullable && !takesEmpty };
}

/** The object schema under a contract's effects (`.refine`, `.superRefine`), whose fields a form lays out. */
export function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  let current: z.ZodTypeAny = schema;
  while (current instanceof z.ZodEffects) current = current.innerType();
  if (!(current instanceof z.ZodObject)) throw new Error('A contract form needs an object schema');
  return current.shape as Record<string, z.ZodTypeAny>;
}

/** The schema under a field's wrappers (default, optional, nullable, effects, pipelines), and what they said. */
function unwrap(schema: z.ZodTypeAny) {
  let nullable = false;
  let optional = false;
  let defaultValue: unknown;
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodDefault) {
      defaultValue ??= current._def.defaultValue();
      optional = true;
      current = current._def.innerType;
    } else if (current instanceof z.ZodOptional) {
      optional = true;
      current = current.unwrap();
    } else if (current instanceof z.ZodNullable) {
      nullable = true;
      current = current.unwrap();
    } else if (current instanceof z.ZodEffects) current = current.innerType();
    else if (current instanceof z.ZodPipeline) current = current._def.out;
    else return { current, nullable, optional, defaultValue };
  }
}

/** The facts of a field named by its dotted path in a contract (`title`, `entry_rules.min_level`, `slots.0.name`). */
export function contractFieldFacts(schema: z.ZodTypeAny, path: string): FieldFacts {
  let current = schema;
  for (const key of path.split('.')) {
    const container = unwrap(current).current;
    const next = container instanceof z.ZodArray ? (container.element as z.ZodTypeAny) : objectShape(container)[key];
    if (!next) throw new Error(`The contract has no field ${path}`);
    current = next;
  }
  return fieldFacts(current);
}
