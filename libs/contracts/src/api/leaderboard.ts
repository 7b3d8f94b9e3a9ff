import { z } from 'zod';
import { webUrl } from '../urls';
import { scheduleDate } from './schedule-date';
import { EVERYWHERE, countryRuleSchema, type CountryRule } from './safety';

/** Redis key of the page-injected leaderboard (window.__APP__.leaderboard): the SPEC §3 object. */
export const LEADERBOARD_PAGE_CACHE_KEY = 'cache:leaderboard:page:v1';

export const LEADERBOARD_SOURCE_TYPES = ['roobet', 'shuffle', 'rainbet', 'gamdom', 'stake', 'generic_json', 'manual_csv'] as const;
export type LeaderboardSourceType = (typeof LEADERBOARD_SOURCE_TYPES)[number];

/** Periods are computed in UTC: monthly = calendar month, weekly = Monday 00:00 to Monday 00:00, bi-weekly = 14-day windows from Monday 2024-01-01. */
export const LEADERBOARD_PERIOD_TYPES = ['monthly', 'weekly', 'biweekly', 'custom'] as const;
export type LeaderboardPeriodType = (typeof LEADERBOARD_PERIOD_TYPES)[number];

/** SPEC §3 "each with displayName, username, avatar, wagered number". */
export interface LeaderboardPlayer {
  displayName: string;
  username: string;
  avatar: string | null;
  wagered: number;
}

export interface LeaderboardPeriodWindow {
  start: string;
  end: string;
  /** End of the period in epoch milliseconds (SPEC §3). */
  endTimestamp: number;
}

export interface LeaderboardBoard {
  platform: { name: string };
  currency_symbol: string;
  /** Prize amount by rank: prizes[0] is the first place's prize. */
  prizes: number[];
  current_period: LeaderboardPeriodWindow;
  top_three: LeaderboardPlayer[];
  rest_of_users: LeaderboardPlayer[];
  /** When the data was last fetched successfully; null before the first good fetch of this period. */
  last_updated: string | null;
}

/** GET /api/r/leaderboard data (SPEC §3 Leaderboard data). */
export interface LeaderboardData {
  platforms: { name: string; slug: string }[];
  selected_platform: string | null;
  all_leaderboards: Record<string, LeaderboardBoard>;
}

export interface LeaderboardPeriodSummary {
  id: number;
  start: string;
  end: string;
  endTimestamp: number;
  status: 'current' | 'archived';
  entry_count: number;
  last_updated: string | null;
}

/** GET /api/r/leaderboard/{slug}/periods */
export interface LeaderboardPeriodList {
  platform: { name: string; slug: string };
  periods: LeaderboardPeriodSummary[];
}

/** GET /api/r/leaderboard/{slug}/periods/{id} */
export interface LeaderboardPeriodDetail {
  platform: { name: string; slug: string };
  period: LeaderboardPeriodSummary;
  board: LeaderboardBoard;
}

// ---------- admin ----------

const optionalUrl = webUrl('Must be a full URL').optional();
const commonSource = {
  base_url: optionalUrl,
  timeout_ms: z.number().int().min(200).max(60_000).optional(),
  retries: z.number().int().min(0).max(5).optional(),
};

export const sourceConfigSchemas = {
  roobet: z
    .object({
      ...commonSource,
      user_id: z.string().trim().min(1, 'The Roobet user id is required').max(100),
      weighted: z.boolean().optional(),
    })
    .strict(),
  shuffle: z.object(commonSource).strict(),
  rainbet: z.object(commonSource).strict(),
  gamdom: z.object(commonSource).strict(),
  stake: z.object({ ...commonSource, page_size: z.number().int().min(1).max(10_000).optional() }).strict(),
  generic_json: z
    .object({
      timeout_ms: commonSource.timeout_ms,
      retries: commonSource.retries,
      /** Placeholders: {start} {end} (ISO), {start_ms} {end_ms}, {start_s} {end_s}, {start_date} {end_date} (YYYY-MM-DD), {key} (the credential). */
      url: webUrl('Must be a full URL', 1000),
      /** Dot path to the array in the answer; empty when the answer is the array. */
      array_path: z
        .string()
        .trim()
        .max(200)
        .regex(/^[\w.-]*$/, 'Dot-separated field names only')
        .default(''),
      username_field: z.string().trim().min(1, 'Required').max(100),
      wagered_field: z.string().trim().min(1, 'Required').max(100),
      /** Header that carries the credential (e.g. Authorization or x-api-key); unset = only {key} in the URL. */
      auth_header: z
        .string()
        .trim()
        .max(100)
        .regex(/^[A-Za-z0-9-]*$/, 'Header names use letters, digits and -')
        .optional(),
      /** Prefix before the credential in the header, e.g. "Bearer ". */
      auth_prefix: z.string().max(30).optional(),
    })
    .strict(),
  manual_csv: z.object({}).strict(),
} as const satisfies Record<LeaderboardSourceType, z.ZodTypeAny>;

/** Source types that cannot work without a secret. */
export const SOURCES_NEEDING_CREDENTIALS: readonly LeaderboardSourceType[] = ['roobet', 'shuffle', 'rainbet', 'gamdom', 'stake'];

const isoDate = scheduleDate(z.string().datetime({ offset: true, message: 'Must be an ISO date-time' }));
const money = z.number().min(0).max(1_000_000_000).multipleOf(0.01, 'At most 2 decimals');

export const platformInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(60),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Lower-case letters, digits and - only (max 40)'),
    currency_symbol: z.string().trim().min(1, 'Currency symbol is required').max(8),
    source_type: z.enum(LEADERBOARD_SOURCE_TYPES),
    source_config: z.record(z.unknown()).default({}),
    /** undefined keeps the stored secret, null clears it, a string replaces it. Never returned. */
    credentials: z.string().max(2000).nullable().optional(),
    period_type: z.enum(LEADERBOARD_PERIOD_TYPES),
    custom_start: isoDate.nullable().default(null),
    custom_end: isoDate.nullable().default(null),
    prizes: z.array(money).max(200).default([]),
    mask_usernames: z.boolean().default(true),
    excluded_usernames: z.array(z.string().trim().min(1).max(100)).max(500).default([]),
    is_active: z.boolean().default(true),
    display_order: z.number().int().min(0).max(10_000).default(0),
    refresh_interval_seconds: z.number().int().min(60).max(86_400).default(300),
    /** How many ranked players the public board shows (podium included). */
    display_count: z.number().int().min(3).max(1000).default(100),
    /** Where the board is shown (docs/responsible-gambling.md); a hidden board is left out of the viewer's answers. */
    countries: countryRuleSchema.default(EVERYWHERE),
  })
  .strict();
export type PlatformInput = z.infer<typeof platformInputSchema>;
export const platformUpdateSchema = platformInputSchema.partial().strict();
export type PlatformUpdate = z.infer<typeof platformUpdateSchema>;

export interface AdminPlatform {
  id: number;
  name: string;
  slug: string;
  currency_symbol: string;
  source_type: LeaderboardSourceType;
  source_config: Record<string, unknown>;
  /** Only whether a secret is stored; the secret itself never leaves the server. */
  credentials: 'set' | 'not set';
  period_type: LeaderboardPeriodType;
  custom_start: string | null;
  custom_end: string | null;
  prizes: number[];
  mask_usernames: boolean;
  excluded_usernames: string[];
  is_active: boolean;
  display_order: number;
  refresh_interval_seconds: number;
  display_count: number;
  countries: CountryRule;
  last_updated: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface LeaderboardFetchRecord {
  id: number;
  trigger: string;
  started_at: string;
  finished_at: string;
  ok: boolean;
  entry_count: number | null;
  error: string | null;
  duration_ms: number;
}

export const csvImportSchema = z
  .object({ csv: z.string().min(1, 'The CSV file is empty').max(10_000_000, 'The CSV is larger than 10 MB') })
  .strict();
export type CsvImportRequest = z.infer<typeof csvImportSchema>;

export interface CsvImportPreview {
  rows: { username: string; wagered: string }[];
  total_rows: number;
  total_wagered: string;
  errors: { line: number; message: string }[];
}

export interface TestConnectionResult {
  ok: boolean;
  entry_count: number;
  sample: { username: string; wagered: string }[];
  error: string | null;
  duration_ms: number;
}
