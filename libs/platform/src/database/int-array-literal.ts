/**
 * em.execute interpolates parameters itself and would spread a JS array into "1, 2, 3", so
 * integer arrays travel as a PostgreSQL array literal and are cast in SQL (`?::int[]`).
 */
export function intArrayLiteral(values: readonly number[]): string {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
  return `{${values.join(',')}}`;
}
