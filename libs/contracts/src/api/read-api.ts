import { z } from 'zod';

/** What a read API token may read: each names the public data of one page of the site (docs/read-api.md). */
export const READ_API_SCOPES = ['leaderboard', 'raffles', 'winners', 'hunts', 'tournaments'] as const;
export type ReadApiScope = (typeof READ_API_SCOPES)[number];

/** The most tokens one site keeps active: each is a tool the streamer set up by hand. */
export const READ_API_MAX_ACTIVE_TOKENS = 50;

/** POST /api/admin/read-api/tokens */
export const readApiTokenCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the token after the tool that uses it').max(60, 'At most 60 characters.'),
    scopes: z
      .array(z.enum(READ_API_SCOPES, { errorMap: () => ({ message: 'Unknown scope' }) }))
      .min(1, 'Choose at least one scope')
      .max(READ_API_SCOPES.length, `At most ${READ_API_SCOPES.length} items.`)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
  })
  .strict();
export type ReadApiTokenCreate = z.infer<typeof readApiTokenCreateSchema>;

/** A token as the admin's list shows it: never the token itself, which is stored hashed. */
export interface AdminReadApiToken {
  id: number;
  name: string;
  scopes: ReadApiScope[];
  /** The first characters of the token, so an admin can tell tokens apart. */
  prefix: string;
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The answer to creating a token: the only time the token is shown. */
export interface CreatedReadApiToken extends AdminReadApiToken {
  token: string;
}
