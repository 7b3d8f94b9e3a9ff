import { z } from 'zod';
import { MAX_ROW_ID } from '../row-id';

/**
 * An id in a request body or socket payload; one schema so no path can reach the database with 1e20. Kept apart
 * from row-id.ts, which the site's first load imports: a schema built at module load would ship zod with it.
 */
export const rowIdSchema = z
  .number({ invalid_type_error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Unknown id.')
  .max(MAX_ROW_ID, 'Unknown id.');
