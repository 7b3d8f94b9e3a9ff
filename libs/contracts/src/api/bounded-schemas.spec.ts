import { z, type ZodTypeAny } from 'zod';
import * as contracts from '../index';

/** Every array and record inside `schema` with no length bound, by path. */
function unbounded(schema: ZodTypeAny, path: string, seen = new Set<ZodTypeAny>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._def as Record<string, unknown>;
  const inner = (key: string) => def[key] as ZodTypeAny;
  if (schema instanceof z.ZodArray) {
    const own = (def.maxLength ?? def.exactLength) ? [] : [path];
    return [...own, ...unbounded(inner('type'), `${path}[]`, seen)];
  }
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape as Record<string, ZodTypeAny>).flatMap(([key, value]) => unbounded(value, `${path}.${key}`, seen));
  if (schema instanceof z.ZodRecord) return unbounded(inner('valueType'), `${path}{}`, seen);
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion)
    return (def.options as ZodTypeAny[]).flatMap((option) => unbounded(option, path, seen));
  if (schema instanceof z.ZodIntersection) return [...unbounded(inner('left'), path, seen), ...unbounded(inner('right'), path, seen)];
  if (schema instanceof z.ZodEffects) return unbounded(inner('schema'), path, seen);
  if (schema instanceof z.ZodPipeline) return [...unbounded(inner('in'), path, seen), ...unbounded(inner('out'), path, seen)];
  if (schema instanceof z.ZodBranded) return unbounded(inner('type'), path, seen);
  if (schema instanceof z.ZodLazy) return unbounded((def.getter as () => ZodTypeAny)(), path, seen);
  if ('innerType' in def) return unbounded(inner('innerType'), path, seen);
  return [];
}

/**
 * Cheap checks first (docs/security.md "Bounded work"): the schema pipe refuses an array over its bound before zod
 * parses an element, which it can only do for arrays that have one.
 */
describe('contract schemas', () => {
  it('bound the length of every array they accept', () => {
    const schemas = Object.entries(contracts as Record<string, unknown>).filter(
      (entry): entry is [string, ZodTypeAny] => entry[1] instanceof z.ZodType,
    );
    expect(schemas.length).toBeGreaterThan(50);
    expect(schemas.flatMap(([name, schema]) => unbounded(schema, name))).toEqual([]);
  });
});
