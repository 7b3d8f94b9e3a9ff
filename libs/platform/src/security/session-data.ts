import 'express-session';
import type { Role } from '@kickback/contracts';

/** What we keep in the server-side session (Redis). */
declare module 'express-session' {
  interface SessionData {
    userId?: number;
    role?: Role;
    csrfToken?: string;
    /** When the member logged in (ms): the absolute lifetime counts from here. */
    startedAt?: number;
    /** When the expiry was last pushed forward (ms); see refreshSessionExpiry. */
    refreshedAt?: number;
    /** `returnTo`: the same-site page a visitor logging in goes back to (checked by safeReturnPath). */
    oauth?: { state: string; verifier: string; mode: 'login' | 'link'; createdAt: number; returnTo?: string };
    /** Why the last login was refused (a ban's reason), shown once on the login page. */
    loginRefusal?: { banReason: string | null };
    /** An admin's Kick connection flow in progress (state and PKCE verifier), separate from the member login's. */
    kickConnect?: { state: string; verifier: string; createdAt: number };
    /** Set at login once the session is in the member's list (MemberSessions), so a ban can end it. */
    listed?: true;
  }
}

export interface SessionUser {
  id: number;
  role: Role;
}
