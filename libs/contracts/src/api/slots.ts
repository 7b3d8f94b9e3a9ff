import { z } from 'zod';
import { imageRef } from '../urls';
import type { Pagination } from './envelope';
import type { SlotProvider } from './bonus-hunts';

/** How a provider describes a slot's swings; a provider's own scale (1–5 bolts) is mapped to the nearest word. */
export const SLOT_VOLATILITIES = ['low', 'medium', 'high', 'very_high'] as const;
export type SlotVolatility = (typeof SLOT_VOLATILITIES)[number];
export const SLOT_VOLATILITY_LABELS: Record<SlotVolatility, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  very_high: 'Very high',
};

/** A provider publishes one RTP, or a few variants an operator chooses between. */
export const SLOT_RTP_MAX_VARIANTS = 5;
/** Features (free spins, buy bonus …) and theme tags per slot. */
export const SLOT_TAGS_MAX = 12;
export const SLOT_TAG_MAX_CHARS = 40;
export const SLOT_NAME_MAX = 100;
export const SLOT_PROVIDER_MAX = 80;
/** Rows of each list an import's dry run shows (the counts cover every row). */
export const SLOT_IMPORT_SAMPLE_ROWS = 50;

export const SLOT_TEXTS = {
  nameRequired: 'The slot name is required.',
  providerRequired: 'The provider is required.',
  notFound: 'Slot not found.',
  duplicate: 'That slot already exists for this provider.',
  created: 'Slot added to the catalogue.',
  saved: 'Slot saved.',
  rtp: 'An RTP is a percentage between 50 and 100 with at most two decimals.',
  maxWin: 'The max win is a multiple of the bet above 0 (at most 1,000,000, two decimals).',
  releaseDate: 'The release date is a date (YYYY-MM-DD).',
  volatility: `The volatility is one of ${SLOT_VOLATILITIES.join(', ')}.`,
} as const;

/** "96.5", 96.5 or "96.50%": the percentage's decimal text is checked, never a float's. */
const rtpPercent = z.union([z.number(), z.string().trim()]).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.replace(/%$/, '').trim();
  const n = Number(text);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || n < 50 || n > 100) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: SLOT_TEXTS.rtp });
    return z.NEVER;
  }
  return n;
});

const maxWin = z.union([z.number(), z.string().trim()]).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.replace(/[x×,]/gi, '').trim();
  const n = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text) || n <= 0 || n > 1_000_000) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: SLOT_TEXTS.maxWin });
    return z.NEVER;
  }
  return n;
});

/** "Very High", "very-high" and "very_high" are the same word. */
const volatility = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, '_'))
  .pipe(z.enum(SLOT_VOLATILITIES, { errorMap: () => ({ message: SLOT_TEXTS.volatility }) }));

const releaseDate = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), SLOT_TEXTS.releaseDate);

/** Tags keep their first spelling; a repeat in another case is dropped. */
const tags = (label: string) =>
  z
    .array(
      z.string().trim().min(1, `A ${label} is empty.`).max(SLOT_TAG_MAX_CHARS, `A ${label} has at most ${SLOT_TAG_MAX_CHARS} characters.`),
    )
    .max(SLOT_TAGS_MAX, `At most ${SLOT_TAGS_MAX} ${label}s.`)
    .transform((list) => list.filter((tag, i) => list.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i));

/** What a slot is, beyond its name and provider: every fact may be unknown (an empty RTP list is honest). */
export const slotFactsShape = {
  image_url: imageRef().nullable(),
  rtp: z.array(rtpPercent).max(SLOT_RTP_MAX_VARIANTS, `At most ${SLOT_RTP_MAX_VARIANTS} RTP variants.`),
  volatility: volatility.nullable(),
  max_win_x: maxWin.nullable(),
  release_date: releaseDate.nullable(),
  features: tags('feature'),
  themes: tags('theme'),
};

const slotName = z.string({ required_error: SLOT_TEXTS.nameRequired }).trim().min(1, SLOT_TEXTS.nameRequired).max(SLOT_NAME_MAX);
const providerName = z
  .string({ required_error: SLOT_TEXTS.providerRequired })
  .trim()
  .min(1, SLOT_TEXTS.providerRequired)
  .max(SLOT_PROVIDER_MAX);

/** POST /api/admin/slots: a provider named but unknown is created with the slot. */
export const adminCatalogueSlotCreateSchema = z
  .object({
    name: slotName,
    provider_name: providerName,
    image_url: slotFactsShape.image_url.default(null),
    rtp: slotFactsShape.rtp.default([]),
    volatility: slotFactsShape.volatility.default(null),
    max_win_x: slotFactsShape.max_win_x.default(null),
    release_date: slotFactsShape.release_date.default(null),
    features: slotFactsShape.features.default([]),
    themes: slotFactsShape.themes.default([]),
  })
  .strict();
export type AdminCatalogueSlotCreate = z.infer<typeof adminCatalogueSlotCreateSchema>;

/** PUT /api/admin/slots/{id}: a partial change. */
export const adminCatalogueSlotUpdateSchema = z
  .object({ name: slotName, provider_name: providerName, ...slotFactsShape })
  .partial()
  .strict();
export type AdminCatalogueSlotUpdate = z.infer<typeof adminCatalogueSlotUpdateSchema>;

/** One row of an import file once read: a field left out (no column, no key) keeps what the slot has. */
export const slotImportRowSchema = z.object({ name: slotName, provider: providerName, ...slotFactsShape }).partial({
  image_url: true,
  rtp: true,
  volatility: true,
  max_win_x: true,
  release_date: true,
  features: true,
  themes: true,
});
export type SlotImportRow = z.infer<typeof slotImportRowSchema>;

export const adminCatalogueSlotsQuerySchema = z
  .object({
    search: z.string().trim().max(100).default(''),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type AdminCatalogueSlotsQuery = z.infer<typeof adminCatalogueSlotsQuerySchema>;

/** A catalogue slot with its facts, as the admin edits it and the site shows it. */
export interface CatalogueSlotDetail {
  id: number;
  name: string;
  provider: SlotProvider;
  image_url: string | null;
  rtp: number[];
  volatility: SlotVolatility | null;
  max_win_x: number | null;
  release_date: string | null;
  features: string[];
  themes: string[];
}

export interface AdminCatalogueSlotList {
  data: CatalogueSlotDetail[];
  pagination: Pagination;
}

export const SLOT_IMPORT_FORMATS = ['csv', 'json'] as const;
export type SlotImportFormat = (typeof SLOT_IMPORT_FORMATS)[number];

/** Query of POST /api/admin/slots/import/dry-run and POST /api/admin/slots/import; the file is the request body. */
export const slotImportQuerySchema = z
  .object({ format: z.enum(SLOT_IMPORT_FORMATS, { errorMap: () => ({ message: 'Choose CSV or JSON' }) }) })
  .strict();
export type SlotImportQuery = z.infer<typeof slotImportQuerySchema>;

/** A row of the dry run's lists: where it came from and what it names. */
export interface SlotImportSampleRow {
  line: number;
  name: string;
  provider: string;
  /** For a changed slot: the fields the file changes. */
  fields?: string[];
}

export interface SlotImportPreview {
  format: SlotImportFormat;
  rows_read: number;
  created: { count: number; rows: SlotImportSampleRow[] };
  changed: { count: number; rows: SlotImportSampleRow[] };
  unchanged: number;
  new_providers: { count: number; names: string[] };
  duplicates: { count: number; rows: { line: number; name: string; provider: string }[] };
  invalid: { count: number; rows: { line: number; message: string }[] };
}

export interface SlotImportApplied {
  created: number;
  changed: number;
  unchanged: number;
  new_providers: number;
}

/** How the public catalogue sorts: by its own figures, or by name. */
export const SLOT_SORTS = ['most_played', 'best_average', 'biggest_win', 'name'] as const;
export type SlotSort = (typeof SLOT_SORTS)[number];

const rtpBound = z.coerce.number().min(50).max(100).optional();

/** GET /api/slots: the public catalogue, sorted by a figure and filtered by provider, volatility and RTP range. */
export const slotCatalogueQuerySchema = z
  .object({
    search: z.string().trim().max(100).default(''),
    sort: z.enum(SLOT_SORTS).default('most_played'),
    provider_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    volatility: z.enum(SLOT_VOLATILITIES).optional(),
    rtp_min: rtpBound,
    rtp_max: rtpBound,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type SlotCatalogueQuery = z.infer<typeof slotCatalogueQuerySchema>;

/** A slot's figures across every finished hunt on the site and the requests played on stream; null where nothing was measured yet. */
export interface SlotFigures {
  times_opened: number;
  total_bet: number;
  total_won: number;
  average_multiplier: number | null;
  best_multiplier: number | null;
  biggest_win: number | null;
  biggest_win_hunt: { id: number; name: string } | null;
  last_played_at: string | null;
}

export interface SlotCatalogueItem extends CatalogueSlotDetail {
  figures: SlotFigures;
}

export interface SlotCatalogueList {
  data: SlotCatalogueItem[];
  pagination: Pagination;
}

/** One finished hunt a slot appeared in, with its game there. */
export interface SlotHuntAppearance {
  hunt: { id: number; name: string };
  completed_at: string;
  bet: number;
  win: number | null;
  multiplier: number | null;
}

export interface SlotPublicDetail extends SlotCatalogueItem {
  hunts: SlotHuntAppearance[];
}

export const SLOT_REQUEST_TEXTS = {
  closed: 'Slot requests are closed right now.',
  blockedSlot: 'That slot cannot be requested.',
  blockedProvider: "That provider's slots cannot be requested.",
  already: 'You already asked for this slot; it is in the queue.',
  cooldown: (seconds: number) => `Wait ${seconds} s before your next request.`,
  limit: (limit: number) => `You have ${limit} open ${limit === 1 ? 'request' : 'requests'}; wait until one is played.`,
  notEnoughPoints: 'You do not have enough points for a request.',
  notFound: 'Request not found in the queue.',
  queued: 'Your request is in the queue.',
  merged: 'Someone asked for this slot already: you were added to that request and it moved up.',
} as const;

export const slotRequestCreateSchema = z.object({ slot_id: z.number().int().positive().max(2_147_483_647) }).strict();
export type SlotRequestCreate = z.infer<typeof slotRequestCreateSchema>;

export const slotRequestSettingsSchema = z
  .object({
    open: z.boolean(),
    price: z.number().int('Whole points only').min(0).max(10_000_000),
    cooldown_seconds: z.number().int().min(0).max(86_400),
    open_limit: z.number().int().min(1).max(50),
    blocked_slot_ids: z.array(z.number().int().positive()).max(1000),
    blocked_provider_ids: z.array(z.number().int().positive()).max(1000),
  })
  .partial()
  .strict();
export type SlotRequestSettingsUpdate = z.infer<typeof slotRequestSettingsSchema>;
export type SlotRequestSettings = Required<SlotRequestSettingsUpdate>;

/** GET /api/admin/slot-requests/settings: the rules, with the blocked slots and providers named for the form. */
export interface SlotRequestRules extends SlotRequestSettings {
  /** The blocked slots still in the catalogue, by name. */
  blocked_slots: { id: number; name: string; provider: string }[];
  blocked_providers: { id: number; name: string }[];
}

export const slotRequestPlayedSchema = z
  .object({
    bet: z.number().min(0).max(1_000_000).multipleOf(0.01).optional(),
    win: z.number().min(0).max(99_999_999).multipleOf(0.01).optional(),
  })
  .strict();
export type SlotRequestPlayed = z.infer<typeof slotRequestPlayedSchema>;

/** A queued request as the queue, Go live and the overlay show it. */
export interface SlotRequestEntry {
  id: number;
  place: number;
  slot: { id: number; name: string; provider: string; image_url: string | null };
  requesters: string[];
  requesters_count: number;
  created_at: string;
}

export interface SlotRequestOutcome {
  request: SlotRequestEntry;
  merged: boolean;
  points_spent: number;
}

/** A member's own requests, newest first, with their place while queued. */
export interface MySlotRequest {
  request_id: number;
  slot: { id: number; name: string; provider: string };
  status: 'queued' | 'played' | 'skipped' | 'cleared';
  place: number | null;
  points: number;
  refunded: boolean;
  /** What the streamer recorded when they played it (Go live): null when not played or not recorded. */
  bet: number | null;
  win: number | null;
  requested_at: string;
}

/** How many requests the "next up" overlay shows, and a queue push carries. */
export const NEXT_UP_SHOWN = 3;

/**
 * 'slot-requests:changed': the queue after a window of changes: its size and its head (at most NEXT_UP_SHOWN entries),
 * so a push is the same size at any request rate, with the rules a viewer asks under (open, price), so a page that
 * offers the request button follows a change of them. Screens that show more read the queue again.
 */
export interface SlotRequestsPush {
  total: number;
  next: SlotRequestEntry[];
  open: boolean;
  price: number;
  at: string;
}
