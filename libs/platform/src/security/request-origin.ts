import type { Request } from 'express';
import { originOf, type AppConfig } from '../config/app-config';

/**
 * Defence in depth beside the CSRF token: a state-changing request that names where it comes from (Origin, else the
 * Referer a browser sends) must come from the site itself — APP_URL, the origin the request was addressed to (its
 * Host, and its scheme as TRUST_PROXY reads it), or one of EXTRA_ORIGINS. A request naming neither (a server, a
 * script, a browser under no-referrer) is judged by its token alone.
 */
export function requestOriginAllowed(config: AppConfig, req: Request): boolean {
  // The site sends `Referrer-Policy: no-referrer`, under which browsers send `Origin: null` on their own same-origin
  // posts (forms and fetches alike): "null" names no site, so it is judged like a request naming none.
  const named = req.get('origin');
  const origin = named === 'null' ? undefined : named;
  const referer = req.get('referer');
  if (origin === undefined && referer === undefined) return true;
  const from = origin !== undefined ? originOf(origin) : originOf(referer!);
  if (from === null) return false;
  if (config.siteOrigins.includes(from)) return true;
  const host = req.get('host');
  return host !== undefined && `${req.protocol}://${host}`.toLowerCase() === from;
}
