import { createHash, randomBytes } from 'node:crypto';
import { csrfTokenMatches } from '@kickback/platform';

/** How long an OAuth start may wait for its callback. */
const ATTEMPT_TTL_MS = 10 * 60 * 1000;

export interface OAuthAttempt {
  state: string;
  verifier: string;
  createdAt: number;
}

/** A new OAuth 2.1 attempt: its state, its PKCE verifier (kept in the session) and the S256 challenge sent to Kick. */
export function startOAuthAttempt(): OAuthAttempt & { challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return {
    state: randomBytes(24).toString('base64url'),
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    createdAt: Date.now(),
  };
}

/** Whether a callback's state belongs to the attempt kept in the session, and the attempt has not expired. */
export function oauthAttemptMatches(pending: OAuthAttempt | undefined, state: string | undefined): pending is OAuthAttempt {
  return !!pending && csrfTokenMatches(pending.state, state) && Date.now() - pending.createdAt <= ATTEMPT_TTL_MS;
}
