import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Session, SessionData } from 'express-session';

export const CSRF_HEADER = 'x-csrf-token';

/** The session's CSRF token, created on first need (page render or session bootstrap). */
export function ensureCsrfToken(session: Session & Partial<SessionData>): string {
  if (!session.csrfToken) session.csrfToken = randomBytes(32).toString('base64url');
  return session.csrfToken;
}

export function csrfTokenMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
