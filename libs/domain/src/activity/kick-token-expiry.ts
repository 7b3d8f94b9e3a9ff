import { z } from 'zod';

/** A token whose lifetime Kick leaves unsaid lives this long for us (then it is refreshed, 10 minutes early). */
export const DEFAULT_TOKEN_SECONDS = 3600;

/**
 * `expires_in` as Kick's token answers carry it: a number of seconds, but Kick's own examples show `""`, and a string
 * or a missing value must not fail a login or a connection. Anything that is not a positive number of seconds reads
 * as unknown (null).
 */
export const kickExpiresIn = z
  .unknown()
  .optional()
  .transform((value): number | null => {
    const seconds = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  });

/** When a token answered now expires: its `expires_in`, or the safe default when Kick gave none we can read. */
export function tokenExpiresAt(expiresIn: number | null, now = Date.now()): Date {
  return new Date(now + (expiresIn ?? DEFAULT_TOKEN_SECONDS) * 1000);
}
