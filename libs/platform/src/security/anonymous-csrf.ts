import { createHmac, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { csrfTokenMatches } from './csrf';

const LABEL = 'kickback:anonymous-csrf:';

export function anonymousCsrfCookieName(config: AppConfig): string {
  return config.secureCookies ? '__Host-kb.csrf' : 'kb.csrf';
}

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret)
    .update(LABEL + nonce)
    .digest('base64url');
}

/** The cookie's value if it is a token this server signed (with the current or the previous session secret). */
function validToken(config: AppConfig, value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const nonce = value.slice(0, dot);
  const mac = value.slice(dot + 1);
  const secrets = [config.env.SESSION_SECRET, config.env.SESSION_SECRET_PREVIOUS].filter((s): s is string => !!s);
  return secrets.some((secret) => csrfTokenMatches(sign(secret, nonce), mac)) ? value : null;
}

/** The value of cookie `name` in a request's Cookie header, as sent (not URL-decoded). */
export function cookieValue(req: Pick<Request, 'headers'>, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The CSRF token of a visitor who is not logged in, without server state: a signed double-submit cookie.
 * Pages and the session bootstrap embed the cookie's value; a state change must echo it in X-CSRF-TOKEN (or the
 * login form's `_csrf` field) and present the cookie. Another site can neither read the page nor set a cookie on
 * this host (HttpOnly, SameSite=Lax, `__Host-` in production), and cannot forge the signature. Members use the token
 * kept in their session instead; a login replaces the anonymous token by the session's.
 */
export function issueAnonymousCsrfToken(config: AppConfig, req: Request, res: Response): string {
  const name = anonymousCsrfCookieName(config);
  const existing = validToken(config, cookieValue(req, name));
  if (existing) return existing;
  const nonce = randomBytes(24).toString('base64url');
  const token = `${nonce}.${sign(config.env.SESSION_SECRET, nonce)}`;
  // A browser-session cookie: the token is bound to nothing on the server, so it needs no expiry of its own.
  res.cookie(name, token, { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/' });
  return token;
}

/** True when `given` equals the request's own signed anonymous cookie. */
export function anonymousCsrfTokenMatches(config: AppConfig, req: Request, given: unknown): boolean {
  const token = validToken(config, cookieValue(req, anonymousCsrfCookieName(config)));
  return csrfTokenMatches(token ?? undefined, given);
}
