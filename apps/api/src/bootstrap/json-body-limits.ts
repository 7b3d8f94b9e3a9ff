import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Role } from '@kickback/contracts';

/** Every JSON body not named below: the largest member or visitor form is a few KB. */
export const DEFAULT_JSON_LIMIT = '32kb';

/**
 * The routes that need a larger JSON body, each with why. Only a staff or admin session gets them (the session is
 * loaded before bodies are parsed); anyone else meets the default, so a visitor's 2 MB body to an admin route is a
 * 413 before a byte of it is parsed, not a parsed body the role check then refuses.
 */
export const LARGER_JSON_BODIES: readonly { path: RegExp; limit: string; why: string }[] = [
  { path: /^\/api\/admin\/store-items\/\d+\/codes$/, limit: '2mb', why: 'up to 1 MB of redemption codes at once' },
  { path: /^\/api\/admin\/settings$/, limit: '512kb', why: 'the terms and privacy texts, 50,000 characters each' },
  {
    path: /^\/api\/admin\/leaderboard\/platforms\/(import-preview|\d+\/import)$/,
    limit: '256kb',
    why: 'a small CSV sent as JSON {csv} (larger files go as text/csv, streamed with their own limit)',
  },
  { path: /^\/api\/admin\//, limit: '128kb', why: 'admin forms (a board excludes up to 500 usernames)' },
];

const STAFF_ROLES: ReadonlySet<Role> = new Set<Role>(['Admin', 'staff']);

/** The JSON body parser with the limit of the request's route (and session), in place of one global limit. */
export function jsonBodies(): RequestHandler {
  const byDefault = express.json({ limit: DEFAULT_JSON_LIMIT });
  const larger = LARGER_JSON_BODIES.map(({ path, limit }) => ({ path, parse: express.json({ limit }) }));
  return (req: Request, res: Response, next: NextFunction) => {
    const role = req.session?.role;
    const route = role && STAFF_ROLES.has(role) ? larger.find(({ path }) => path.test(req.path)) : undefined;
    (route?.parse ?? byDefault)(req, res, next);
  };
}
