import { z } from 'zod';

/** PostgreSQL's integer: every serial id of ours fits, and anything beyond it can name no row. */
export const MAX_ROW_ID = 2_147_483_647;

export function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;
}

/** An id in a request body or socket payload; one schema so no path can reach the database with 1e20. */
export const rowIdSchema = z
  .number({ invalid_type_error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Unknown id.')
  .max(MAX_ROW_ID, 'Unknown id.');
