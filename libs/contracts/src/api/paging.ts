import { z } from 'zod';

/** A paged list's `?page=`: from 1, read from the query string, capped so no offset can overflow. */
export const pageParamSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/** The query of a list paged and nothing else. */
export const pageQuerySchema = z.object({ page: pageParamSchema }).strict();
