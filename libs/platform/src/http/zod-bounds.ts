import { z, type ZodTypeAny } from 'zod';

export interface BoundsViolation {
  path: string;
  message: string;
  /** An over-long array is what costs per-element work; an over-long string costs no more than its bytes. */
  kind: 'array' | 'string';
}

const tooMany = (max: number) => `At most ${max} items.`;
const tooLong = (max: number) => `At most ${max} characters.`;

/**
 * The first array or string in `value` longer than `schema` allows, found before zod parses anything: zod 3 parses
 * (and reports) every element of an over-long array even after its length check failed, so a 120,000-element array
 * cost a second of CPU and a 6.8 MB answer. Only arrays within their bound are descended into, so this walk costs
 * no more than a value the schema could accept. Unions and preprocessed values are left to zod.
 */
export function boundsViolation(schema: ZodTypeAny, value: unknown, path: (string | number)[] = []): BoundsViolation | null {
  if (value === undefined || value === null) return null;
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodReadonly
  )
    return boundsViolation(schema._def.innerType as ZodTypeAny, value, path);
  if (schema instanceof z.ZodBranded) return boundsViolation(schema._def.type as ZodTypeAny, value, path);
  if (schema instanceof z.ZodLazy) return boundsViolation(schema._def.getter() as ZodTypeAny, value, path);
  if (schema instanceof z.ZodPipeline) return boundsViolation(schema._def.in as ZodTypeAny, value, path);
  if (schema instanceof z.ZodEffects)
    return schema._def.effect.type === 'preprocess' ? null : boundsViolation(schema._def.schema as ZodTypeAny, value, path);
  if (schema instanceof z.ZodString) {
    if (typeof value !== 'string') return null;
    const max = schema._def.checks.find((check) => check.kind === 'max');
    return max && value.length > max.value ? at(path, max.message ?? tooLong(max.value), 'string') : null;
  }
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value)) return null;
    const def = schema._def as z.ZodArrayDef;
    const max = def.exactLength ?? def.maxLength;
    if (max && value.length > max.value) return at(path, max.message ?? tooMany(max.value), 'array');
    return firstOf(value, (item, i) => boundsViolation(def.type, item, [...path, i]));
  }
  if (schema instanceof z.ZodTuple) {
    if (!Array.isArray(value)) return null;
    const items = schema._def.items as ZodTypeAny[];
    if (value.length > items.length && !schema._def.rest) return at(path, tooMany(items.length), 'array');
    return firstOf(value, (item, i) => {
      const itemSchema = items[i] ?? (schema._def.rest as ZodTypeAny | null);
      return itemSchema ? boundsViolation(itemSchema, item, [...path, i]) : null;
    });
  }
  if (!isRecord(value)) return null;
  if (schema instanceof z.ZodObject) {
    const shape = shapeOf(schema);
    return firstOf(Object.keys(value), (key) =>
      Object.hasOwn(shape, key) ? boundsViolation(shape[key]!, value[key], [...path, key]) : null,
    );
  }
  if (schema instanceof z.ZodRecord) {
    const valueType = schema._def.valueType as ZodTypeAny;
    return firstOf(Object.keys(value), (key) => boundsViolation(valueType, value[key], [...path, key]));
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const option = (schema._def.optionsMap as Map<unknown, ZodTypeAny>).get(value[schema._def.discriminator as string]);
    return option ? boundsViolation(option, value, path) : null;
  }
  if (schema instanceof z.ZodIntersection)
    return boundsViolation(schema._def.left as ZodTypeAny, value, path) ?? boundsViolation(schema._def.right as ZodTypeAny, value, path);
  return null;
}

/**
 * Every field of an object body that is over its bound (at most `limit`), so a form with two over-long fields is
 * answered with an error under each, as zod would; anything else answers its first violation.
 */
export function boundsViolations(schema: ZodTypeAny, value: unknown, limit = 10): BoundsViolation[] {
  const object = objectSchema(schema);
  if (!object || !isRecord(value)) {
    const found = boundsViolation(schema, value);
    return found ? [found] : [];
  }
  const shape = shapeOf(object);
  const found: BoundsViolation[] = [];
  for (const key of Object.keys(value)) {
    if (found.length >= limit) break;
    const violation = Object.hasOwn(shape, key) ? boundsViolation(shape[key]!, value[key], [key]) : null;
    if (violation) found.push(violation);
  }
  return found;
}

const shapes = new WeakMap<z.AnyZodObject, Record<string, ZodTypeAny>>();

/**
 * An object schema's fields. Zod builds the shape of an extended or merged schema anew on every `.shape` read (zod's
 * own parse caches it); schemas never change, so the bounds check reads each one once.
 */
function shapeOf(schema: z.AnyZodObject): Record<string, ZodTypeAny> {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = schema.shape as Record<string, ZodTypeAny>;
    shapes.set(schema, shape);
  }
  return shape;
}

/** The object schema under the wrappers a body schema may carry (optional, default, refinements), if any. */
function objectSchema(schema: ZodTypeAny): z.AnyZodObject | null {
  let current: ZodTypeAny = schema;
  for (;;) {
    if (current instanceof z.ZodObject) return current;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault)
      current = current._def.innerType as ZodTypeAny;
    else if (current instanceof z.ZodEffects && current._def.effect.type !== 'preprocess') current = current._def.schema as ZodTypeAny;
    else return null;
  }
}

function at(path: (string | number)[], message: string, kind: BoundsViolation['kind']): BoundsViolation {
  return { path: path.join('.') || '_', message, kind };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstOf<T>(items: readonly T[], check: (item: T, index: number) => BoundsViolation | null): BoundsViolation | null {
  for (let i = 0; i < items.length; i++) {
    const found = check(items[i]!, i);
    if (found) return found;
  }
  return null;
}
