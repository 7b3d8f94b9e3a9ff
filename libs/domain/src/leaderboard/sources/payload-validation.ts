import { z } from 'zod';
import { isAmount, toCents } from '../decimal-amount';
import { SourceError } from './source-adapter';

/** Amounts arrive as numbers or as decimal strings ("1234.5"). */
export const amountSchema = z
  .union([z.number(), z.string()])
  .refine(isAmount, 'must be a non-negative amount')
  .transform((v) => toCents(v));

export const usernameSchema = z.string().trim().min(1).max(100);

/** Parses a payload or fails the fetch with the first problems, so an admin can see what changed. */
export function validatePayload<S extends z.ZodTypeAny>(schema: S, payload: unknown, source: string): z.infer<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  throw new SourceError(`${source} sent an unexpected payload (${problems})`);
}
