import { z } from 'zod';
import type { CurrentUser } from './auth';

/** SPEC §5 and §9: the bio holds at most 500 characters. */
export const BIO_MAX_LENGTH = 500;
/** The users table keeps casino and social usernames in varchar(100). */
export const SETTINGS_USERNAME_MAX_LENGTH = 100;

export const PROFILE_SECTIONS = ['profile', 'connections', 'social'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** Which fields belong to which settings tab; one POST /profile/update changes exactly one of these. */
export const PROFILE_SECTION_FIELDS = {
  profile: ['bio'],
  connections: ['crypto', 'crypto2', 'crypto3'],
  social: ['twitter_user', 'instagram_user', 'youtube_user', 'tiktok_user'],
} as const satisfies Record<ProfileSection, readonly string[]>;

/** SPEC §8 success toasts, also the server's answer message. */
export const PROFILE_MESSAGES = {
  profile: 'Profile updated successfully!',
  connections: 'Connections updated successfully!',
  social: 'Social media links updated successfully!',
  kickDisconnected: 'Kick account disconnected successfully!',
} as const;

/** GET /api/r/profile/settings (SPEC §3 User settings fields). */
export interface MemberSettings {
  bio: string;
  crypto: string | null;
  crypto2: string | null;
  crypto3: string | null;
  twitter_user: string | null;
  instagram_user: string | null;
  youtube_user: string | null;
  tiktok_user: string | null;
  kick_username: string | null;
  kick_connected: boolean;
}

/** The `user` of POST /profile/update and /profile/disconnect-kick: the page's user plus the settings. */
export type MemberSettingsUser = CurrentUser & MemberSettings;

export interface ProfileUpdateResponse {
  success: true;
  message: string;
  user: MemberSettingsUser;
}

// Control characters (NUL above all, which PostgreSQL text refuses) have no place in a bio.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const bio = z
  .string({ invalid_type_error: 'The bio must be text.' })
  .max(BIO_MAX_LENGTH, `The bio may not be longer than ${BIO_MAX_LENGTH} characters.`)
  .refine((value) => !CONTROL_CHARS.test(value), 'The bio contains characters that are not allowed.');

/** An optional username: trimmed, empty means "none" (null). */
function username(what: string, pattern: RegExp, rule: string, prepare: (value: string) => string = (value) => value) {
  return z
    .string({ invalid_type_error: `The ${what} must be text.` })
    .nullable()
    .transform((value) => (value === null ? '' : prepare(value.trim())))
    .pipe(
      z
        .string()
        .max(SETTINGS_USERNAME_MAX_LENGTH, `The ${what} may not be longer than ${SETTINGS_USERNAME_MAX_LENGTH} characters.`)
        .refine((value) => value === '' || pattern.test(value), `The ${what} ${rule}`),
    )
    .transform((value) => (value === '' ? null : value));
}

// Casino usernames come from other sites' rules: letters, digits, spaces inside, _ . and -.
const CASINO_NAME = /^[\p{L}\p{N}_.-](?:[\p{L}\p{N}_. -]*[\p{L}\p{N}_.-])?$/u;
const casino = (n: string) => username(`casino username ${n}`, CASINO_NAME, 'may only contain letters, numbers, spaces, _ . and -.');

// A handle, not a link: one leading @ is dropped (people paste it), anything URL-like is refused by the character set.
const HANDLE = /^[\p{L}\p{N}_.-]+$/u;
const handle = (network: string) =>
  username(`${network} username`, HANDLE, 'may only contain letters, numbers, _ . and - (enter the username, not a link).', (value) =>
    value.replace(/^@/, ''),
  );

const fields = {
  bio,
  crypto: casino('1'),
  crypto2: casino('2'),
  crypto3: casino('3'),
  twitter_user: handle('Twitter'),
  instagram_user: handle('Instagram'),
  youtube_user: handle('YouTube'),
  tiktok_user: handle('TikTok'),
};

type SectionField = (typeof PROFILE_SECTION_FIELDS)[ProfileSection][number];

export function sectionOf(field: string): ProfileSection | null {
  for (const section of PROFILE_SECTIONS) {
    if ((PROFILE_SECTION_FIELDS[section] as readonly string[]).includes(field)) return section;
  }
  return null;
}

/**
 * POST /api/r/profile/update: the fields of exactly one settings tab (any of them; absent ones stay as
 * they are). Unknown fields, a mix of tabs or an empty body are 422 with errors per field.
 */
export const profileUpdateSchema = z
  .object({
    bio: fields.bio.optional(),
    crypto: fields.crypto.optional(),
    crypto2: fields.crypto2.optional(),
    crypto3: fields.crypto3.optional(),
    twitter_user: fields.twitter_user.optional(),
    instagram_user: fields.instagram_user.optional(),
    youtube_user: fields.youtube_user.optional(),
    tiktok_user: fields.tiktok_user.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const given = (Object.keys(value) as SectionField[]).filter((key) => value[key] !== undefined);
    if (given.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['_'], message: 'Send the fields of one settings section.' });
      return;
    }
    const first = sectionOf(given[0]);
    for (const key of given) {
      if (sectionOf(key) !== first) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: 'Update one settings section at a time.' });
      }
    }
  });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** POST /api/r/profile/disconnect-kick takes an empty body. */
export const disconnectKickSchema = z.object({}).strict();
