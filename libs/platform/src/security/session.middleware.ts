import session, { type Session, type SessionData } from 'express-session';
import RedisStore from 'connect-redis';
import type { RequestHandler } from 'express';
import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import './session-data';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export function sessionCookieName(config: AppConfig): string {
  return config.secureCookies ? '__Host-kb.sid' : 'kb.sid';
}

/** Server-side sessions in Redis; the browser only holds an opaque HttpOnly cookie. */
export function createSessionMiddleware(config: AppConfig, redis: Redis): RequestHandler {
  return session({
    name: sessionCookieName(config),
    // No touch on every request (a Redis write per API call); page loads refresh the expiry instead (SessionRefresh).
    store: new RedisStore({ client: redis, prefix: 'sess:', ttl: SESSION_TTL_SECONDS, disableTouch: true }),
    // Signs with the first secret and accepts both, so a rotation logs nobody out.
    secret: config.env.SESSION_SECRET_PREVIOUS
      ? [config.env.SESSION_SECRET, config.env.SESSION_SECRET_PREVIOUS]
      : config.env.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.env.TRUST_PROXY,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      maxAge: SESSION_TTL_SECONDS * 1000,
    },
  });
}

const REFRESH_EVERY_MS = 24 * 3600 * 1000;

/**
 * Sliding expiry at page-load granularity: at most once a day a visit re-saves the session,
 * which renews both the Redis TTL and the cookie, so active members stay logged in.
 */
export function refreshSessionExpiry(session: Session & Partial<SessionData>, now = Date.now()): void {
  if (now - (session.refreshedAt ?? 0) >= REFRESH_EVERY_MS) session.refreshedAt = now;
}
