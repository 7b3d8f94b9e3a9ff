import { z } from 'zod';
import { ApiError } from './api-errors';
import { zodPipe } from './zod-validation.pipe';
import { boundsViolation } from './zod-bounds';

/** A schema whose elements count how often zod looked at one. */
function counted() {
  const seen = { elements: 0 };
  const element = z.custom<number>(() => {
    seen.elements++;
    return false;
  }, 'Bad element.');
  return { seen, schema: z.object({ list: z.array(element).max(64, 'Too many.'), name: z.string().max(5).optional() }).strict() };
}

function refusal(run: () => unknown): { status: number; body: { errors?: Record<string, string[]> }; size: number } {
  try {
    run();
  } catch (err) {
    const api = err as ApiError;
    const body = api.getResponse() as { errors?: Record<string, string[]> };
    return { status: api.getStatus(), body, size: JSON.stringify(body).length };
  }
  throw new Error('not refused');
}

describe('boundsViolation and the schema pipe', () => {
  it('checks the fields an extended schema adds, the same on every call', () => {
    const base = z.object({ entry_type: z.string().max(20, 'Type too long.') });
    const pipe = zodPipe(base.extend({ note: z.string().max(3, 'Note too long.') }).strict());
    for (let i = 0; i < 2; i++) {
      expect(refusal(() => pipe.transform({ entry_type: 'x'.repeat(21), note: 'long' })).body.errors).toEqual({
        entry_type: ['Type too long.'],
        note: ['Note too long.'],
      });
      expect(pipe.transform({ entry_type: 'free', note: 'ok' })).toEqual({ entry_type: 'free', note: 'ok' });
    }
  });

  it('refuses an over-long array before zod looks at a single element, with one short error', () => {
    const { seen, schema } = counted();
    const answer = refusal(() => zodPipe(schema).transform({ list: new Array(120_000).fill('x') }));
    expect(seen.elements).toBe(0);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ list: ['Too many.'] });
    // What zod alone does with an over-long array: every element parsed after the length check failed.
    schema.safeParse({ list: new Array(5_000).fill('x') });
    expect(seen.elements).toBe(5_000);
  });

  it('finds over-long strings and arrays nested in objects, optionals, defaults, records and discriminated unions', () => {
    const schema = z.object({
      a: z
        .array(z.object({ tags: z.array(z.string().max(3)).max(2) }))
        .max(5)
        .optional(),
      b: z.record(z.string().max(2)).default({}),
      c: z.discriminatedUnion('kind', [z.object({ kind: z.literal('x'), v: z.array(z.number()).max(1) })]),
    });
    expect(boundsViolation(schema, { a: [{ tags: ['ok', 'long'] }] })).toEqual({
      path: 'a.0.tags.1',
      message: 'At most 3 characters.',
      kind: 'string',
    });
    expect(boundsViolation(schema, { a: [{ tags: [1, 2, 3] }] })).toEqual({ path: 'a.0.tags', message: 'At most 2 items.', kind: 'array' });
    expect(boundsViolation(schema, { b: { k: 'abc' } })).toEqual({ path: 'b.k', message: 'At most 2 characters.', kind: 'string' });
    expect(boundsViolation(schema, { c: { kind: 'x', v: [1, 2] } })).toEqual({ path: 'c.v', message: 'At most 1 items.', kind: 'array' });
    expect(boundsViolation(schema, { a: [{ tags: ['ok'] }], b: { k: 'ab' }, c: { kind: 'x', v: [1] }, junk: 'x'.repeat(1000) })).toBeNull();
  });

  it('caps the error list of an invalid value at a few fields, unknown fields first', () => {
    const { schema } = counted();
    const wide = z.object(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, z.string()]))).strict();
    const answer = refusal(() => zodPipe(wide).transform({ zz_unknown: 1 }));
    expect(Object.keys(answer.body.errors!)).toHaveLength(10);
    expect(answer.body.errors!.zz_unknown).toEqual(['Unknown field.']);
    // 64 bad elements within the bound: still a few lines.
    expect(refusal(() => zodPipe(schema).transform({ list: new Array(64).fill('x') })).size).toBeLessThan(1000);
  });

  it('scans for hostile text only what the schema accepted', () => {
    const schema = z.object({ name: z.string().max(5) }).strict();
    expect(refusal(() => zodPipe(schema).transform({ name: 'a\u0000' })).body.errors).toEqual({
      name: ['Contains characters that are not allowed.'],
    });
    expect(refusal(() => zodPipe(schema).transform({ name: 'a', 'b\u0000': 1 })).body.errors).toEqual({ 'b\u0000': ['Unknown field.'] });
    expect(zodPipe(schema).transform({ name: 'fine' })).toEqual({ name: 'fine' });
  });
});
