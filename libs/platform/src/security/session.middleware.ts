import session, { type Session, type SessionData } from 'express-session';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { MemberSessionStore } from './member-sessions';
import './session-data';

/** A member's idle limit: the session lives this long after the last refresh. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export function sessionCookieName(config: AppConfig): string {
  return config.secureCookies ? '__Host-kb.sid' : 'kb.sid';
}

/** The session cookie's attributes; logout clears the cookie with the same ones. */
export function sessionCookieOptions(config: AppConfig) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, path: '/' };
}

/**
 * Server-side sessions in Redis; the browser only holds an opaque HttpOnly cookie. A session starts
 * anonymous and short-lived (it holds only the CSRF token, so a crawler's page loads expire within
 * ANONYMOUS_SESSION_MINUTES); logging in gives it the member lifetime (markMemberSession).
 */
export function createSessionMiddleware(config: AppConfig, redis: Redis): RequestHandler {
  return session({
    name: sessionCookieName(config),
    // Each session's TTL comes from its cookie expiry, so anonymous and member sessions differ.
    store: new MemberSessionStore(redis, SESSION_TTL_SECONDS),
    // Signs with the first secret and accepts both, so a rotation logs nobody out.
    secret: config.env.SESSION_SECRET_PREVIOUS
      ? [config.env.SESSION_SECRET, config.env.SESSION_SECRET_PREVIOUS]
      : config.env.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.env.TRUST_PROXY,
    cookie: { ...sessionCookieOptions(config), maxAge: config.env.ANONYMOUS_SESSION_MINUTES * 60_000 },
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs the session middleware only for requests that can have or need a session. A request without the session
 * cookie that only reads (or opens a socket) skips it entirely: no session id, cookie object or change hash is
 * made for it, and `req.session` stays undefined (code reads it as `req.session?.…`). Anonymous visitors' CSRF
 * tokens are signed cookies (anonymous-csrf.ts), so the only anonymous sessions are the ones a flow stores state
 * in: the Kick OAuth start under /auth/ and a login (a POST, which always gets a session). Webhooks are server to
 * server, signed, and never a member's: they never get one, whatever cookie they carry.
 */
export function sessionWhenNeeded(config: AppConfig, session: RequestHandler): RequestHandler {
  const cookiePrefix = `${sessionCookieName(config)}=`;
  return (req, res, next) => {
    const url = req.url ?? '';
    const skip =
      url.startsWith('/webhooks/') ||
      (!req.headers.cookie?.includes(cookiePrefix) &&
        (SAFE_METHODS.has(req.method) || url.startsWith('/socket.io/')) &&
        !url.startsWith('/auth/'));
    if (skip) return next();
    return session(req, res, next);
  };
}

/** Called right after login's regenerate: the member lifetime, counted from now for the absolute limit. */
export function markMemberSession(session: Session & Partial<SessionData>, now = Date.now()): void {
  session.cookie.maxAge = SESSION_TTL_SECONDS * 1000;
  session.listed = true;
  session.startedAt = now;
  session.refreshedAt = now;
}

/** True once a member's session has passed its absolute lifetime (sessions from before the limit count from now). */
export function sessionTooOld(session: Partial<SessionData>, absoluteDays: number, now = Date.now()): boolean {
  return Boolean(session.userId && session.startedAt && now - session.startedAt > absoluteDays * 24 * 3600 * 1000);
}

/**
 * Ends a member's session that passed SESSION_ABSOLUTE_DAYS, or that is not in the member's session list (made
 * before the list existed, so a ban could not end it): the request goes on as anonymous on a new session id.
 * Sessions older than the limit's introduction get a start time on first sight.
 */
export function createSessionLifetimeMiddleware(config: AppConfig): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.session?.userId) return next();
    if (!req.session.listed) return req.session.regenerate((err) => next(err));
    if (!req.session.startedAt) {
      req.session.startedAt = Date.now();
      return next();
    }
    if (!sessionTooOld(req.session, config.env.SESSION_ABSOLUTE_DAYS)) return next();
    req.session.regenerate((err) => next(err));
  };
}

const MEMBER_REFRESH_EVERY_MS = 24 * 3600 * 1000;
const ANONYMOUS_REFRESH_EVERY_MS = 15 * 60 * 1000;

/**
 * Sliding expiry at page-load granularity: a visit re-saves the session at most once a day for a member
 * (every 15 minutes for an anonymous visitor, whose lifetime is short), which renews both the Redis TTL
 * and the cookie, so people who keep coming back stay logged in and keep a valid CSRF token.
 */
export function refreshSessionExpiry(session: Session & Partial<SessionData>, now = Date.now()): void {
  const every = session.userId ? MEMBER_REFRESH_EVERY_MS : ANONYMOUS_REFRESH_EVERY_MS;
  if (now - (session.refreshedAt ?? 0) >= every) session.refreshedAt = now;
}
