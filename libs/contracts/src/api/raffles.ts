import { z } from 'zod';
import { imageRef } from '../urls';
import { scheduleDate } from './schedule-date';
import type { ApiEnvelope, Pagination } from './envelope';
import type { DrawEntry, DrawnWinner, RaffleDrawAlgorithm } from '../raffle-draw';
import { raffleEntryRulesSchema, type RaffleEntryRules } from './raffle-entry-rules';

export const RAFFLE_ENTRY_TYPES = ['passwordless', 'points', 'password'] as const;
export type RaffleEntryType = (typeof RAFFLE_ENTRY_TYPES)[number];
export type RaffleStatus = 'Pending' | 'Active' | 'Ended';

/** SPEC §3 Raffle entry user / winner. */
export interface RaffleUser {
  id: number;
  username: string;
  kick_username: string | null;
  avatar: string | null;
  avatar_url: string | null;
}

/** SPEC §3 Raffle, plus the schedule, the prize and the verifiable-draw commitment. */
export interface Raffle {
  id: number;
  title: string;
  description: string;
  image: string | null;
  status: RaffleStatus;
  cancelled: boolean;
  start_datetime: string;
  end_datetime: string;
  total_entries: number;
  participants_count: number;
  number_of_winners: number;
  has_ended: boolean;
  is_accepting_entries: boolean;
  allow_passwordless_entry: boolean;
  allow_points_entry: boolean;
  points_per_entry: number | null;
  max_tickets_per_user: number | null;
  has_password_entry: boolean;
  prize_description: string;
  prize_value_usd: number;
  winners: RaffleUser[];
  user_entries: { passwordless: boolean; password: boolean; points_tickets: number };
  /** Who may enter (null: anyone with a Kick name who is not banned), shown on the card before anyone tries. */
  entry_rules: RaffleEntryRules | null;
  /** Minutes each winner has to claim; an unclaimed prize passes to the next person of the draw order. Null: no claim. */
  claim_window_minutes: number | null;
  /** Casino credit as the prize: refused to members on a break, shown with "18+" and the terms line. */
  casino_credit_prize: boolean;
  /** The standing winners' claims, in position order (empty without a claim window or before the draw). */
  winner_claims: RaffleWinnerClaim[];
  /** sha256 of the secret server seed, published from creation. */
  seed_hash: string;
  /** The seed itself, revealed once the winners are drawn. */
  seed: string | null;
  drawn_at: string | null;
}

/** A standing winner's claim: open until claim_deadline, then passed on; claim_deadline null once nobody is left to pass to. */
export interface RaffleWinnerClaim {
  position: number;
  user_id: number;
  claim_deadline: string | null;
  claimed_at: string | null;
}

/** One entry row: a member's free entry, password entry, or their accumulated points tickets. */
export interface RaffleEntry {
  id: number;
  entry_type: RaffleEntryType;
  tickets: number;
  created_at: string;
  user: RaffleUser;
}

/** One entry row of a person in the entry list; a raffle:entries push updates rows by id. */
export type RaffleEntryLine = Omit<RaffleEntry, 'user'>;

/**
 * An item of `data` in GET /api/r/raffles/{id}/entries: one person (SPEC §5 groups the entries per person) with
 * their entry rows and ticket total, in the order asked for (RaffleEntryOrder).
 */
export interface RaffleParticipant {
  user: RaffleUser;
  /** Every ticket the person holds in this raffle. */
  tickets: number;
  /** When the person first entered. */
  entered_at: string;
  entries: RaffleEntryLine[];
  /**
   * The person's subscriber luck: their weight in the draw (tickets × multiplier over their rows) ÷ their tickets; 1
   * without luck. Absent on a person a push added, until the list is read again (counted ×1 meanwhile).
   */
  multiplier?: number;
}

/**
 * Beside `data` on the first page of GET /api/r/raffles/{id}/entries: the raffle's tickets and their total weight as the
 * v2 draw counts it (tickets × multiplier), so a win chance is a person's weight over total_weight.
 */
export interface RaffleWeights {
  total_tickets: number;
  total_weight: number;
}

/**
 * The block beside `data` in GET /api/r/raffles/{id}/entries: send `next` as ?cursor= (with the same order) for the
 * next people; null at the end. A cursor is the last person's place: their first entry id (newest), or their tickets
 * and first entry id as `tickets.id` (most tickets).
 */
export interface RaffleEntriesCursor {
  next: string | null;
  limit: number;
}

export const RAFFLE_ENTRIES_PAGE = 50;

/** The entry list's orders: most tickets first (SPEC §5, the default; earlier entrant first on a tie) or newest entrant first. */
export const RAFFLE_ENTRY_ORDERS = ['tickets', 'newest'] as const;
export type RaffleEntryOrder = (typeof RAFFLE_ENTRY_ORDERS)[number];

const CURSOR_FORMAT: Record<RaffleEntryOrder, RegExp> = { newest: /^[1-9]\d{0,17}$/, tickets: /^\d{1,9}\.[1-9]\d{0,17}$/ };

/** ?order=&cursor=&limit=&search= of GET /api/r/raffles/{id}/entries; search is a case-insensitive substring of the name. */
export const raffleEntriesQuerySchema = z
  .object({
    order: z.enum(RAFFLE_ENTRY_ORDERS, { errorMap: () => ({ message: 'Choose tickets or newest.' }) }).default('tickets'),
    cursor: z
      .string()
      .max(40, 'Invalid cursor.')
      .transform((v) => v || undefined)
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(RAFFLE_ENTRIES_PAGE),
    search: z.string().trim().max(64, 'At most 64 characters').default(''),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.cursor !== undefined && !CURSOR_FORMAT[q.order].test(q.cursor))
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Invalid cursor.' });
  });
export type RaffleEntriesQuery = z.infer<typeof raffleEntriesQuerySchema>;

/** POST /api/r/raffles/{id}/enter (SPEC §7). kick_username is informational: the server uses the account's. */
export const raffleEnterSchema = z
  .object({
    kick_username: z.string().trim().max(64).nullish(),
    entry_type: z.enum(RAFFLE_ENTRY_TYPES, { errorMap: () => ({ message: 'Choose passwordless, points or password.' }) }),
    password: z.string().max(200, 'Password is too long.').nullish(),
    points_spent: z.number().int('Whole points only.').positive('Must be at least 1.').max(100_000_000).nullish(),
  })
  .strict();
export type RaffleEnterRequest = z.infer<typeof raffleEnterSchema>;

/** Entering over the socket (event raffle:enter): the HTTP body plus what the HTTP call carries in its path and headers. */
export interface RaffleSocketEnterRequest extends RaffleEnterRequest {
  raffle_id: number;
  /** As the Idempotency-Key header: a retried points entry with the same key is recorded once. */
  idempotency_key?: string;
}

/**
 * `data` of POST /api/r/raffles/{id}/enter: the member's entry as it now stands (null when a points entry was a
 * replay), so the page updates its own view without reloading the raffle or its entry list.
 */
export interface RaffleEnterResult {
  entry: RaffleEntry | null;
}

/** The acknowledgement of raffle:enter: the status and envelope POST /api/r/raffles/{id}/enter would have answered. */
export interface RaffleEnterAnswer {
  status: number;
  body: ApiEnvelope<RaffleEnterResult>;
}

/** GET /api/r/raffles/{id}/verify: everything needed to recompute the winners. */
export interface RaffleVerification {
  raffle_id: number;
  algorithm: RaffleDrawAlgorithm;
  seed_hash: string;
  seed: string | null;
  drawn: boolean;
  number_of_winners: number;
  entries: DrawEntry[];
  entries_hash: string | null;
  /** Positions rerolled by admins, in the order they happened. */
  rerolled_positions: number[];
  /** Standing winners as recorded. */
  winners: DrawnWinner[];
  /** The same, recomputed by the server with the published function. */
  recomputed_winners: DrawnWinner[];
  matches: boolean;
}

const isoDate = scheduleDate(
  z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Enter a valid date and time.'),
);

/** A raffle's fields as the admin writes them (templates keep every one but the title, schedule and password). */
export const raffleFields = {
  title: z.string().trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.'),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters.').default(''),
  image: imageRef('Upload an image or give an https URL.').nullable().default(null),
  prize_description: z.string().trim().max(500).default(''),
  prize_value_usd: z
    .number()
    .min(0, 'Must not be negative.')
    .max(100_000_000)
    .refine((v) => Math.round(v * 100) === v * 100, 'At most 2 decimals.')
    .default(0),
  start_datetime: isoDate,
  end_datetime: isoDate,
  number_of_winners: z.number().int().min(1, 'At least 1 winner.').max(100, 'At most 100 winners.'),
  allow_passwordless_entry: z.boolean().default(true),
  allow_points_entry: z.boolean().default(false),
  points_per_entry: z.number().int().positive('Must be at least 1.').max(10_000_000).nullable().default(null),
  max_tickets_per_user: z.number().int().positive('Must be at least 1.').max(100_000).nullable().default(null),
  entry_rules: raffleEntryRulesSchema.nullable().default(null),
  claim_window_minutes: z
    .number()
    .int('Whole minutes only.')
    .min(1, 'At least 1 minute.')
    .max(10_080, 'At most 7 days (10,080 minutes).')
    .nullable()
    .default(null),
  /** The prize is casino credit: members on a break from gambling content cannot enter (docs/responsible-gambling.md). */
  casino_credit_prize: z.boolean().default(false),
  /** Set to a new password, null to remove password entry; omitted on update keeps it. */
  password: z.string().trim().min(1, 'Password must not be empty.').max(100).nullable().optional(),
};

function checkRaffle(v: Partial<AdminRaffleInput>, ctx: z.RefinementCtx): void {
  if (v.start_datetime && v.end_datetime && Date.parse(v.end_datetime) <= Date.parse(v.start_datetime))
    ctx.addIssue({ code: 'custom', path: ['end_datetime'], message: 'The end must be after the start.' });
  if (v.allow_points_entry && !v.points_per_entry)
    ctx.addIssue({ code: 'custom', path: ['points_per_entry'], message: 'Set the points cost of one entry.' });
}

export const adminRaffleCreateSchema = z
  .object(raffleFields)
  .strict()
  .superRefine((v, ctx) => {
    checkRaffle(v, ctx);
    if (!v.allow_passwordless_entry && !v.allow_points_entry && !v.password)
      ctx.addIssue({ code: 'custom', path: ['allow_passwordless_entry'], message: 'Allow at least one way to enter.' });
  });
export type AdminRaffleInput = z.infer<typeof adminRaffleCreateSchema>;

export const adminRaffleUpdateSchema = z
  .object(
    Object.fromEntries(Object.entries(raffleFields).map(([k, s]) => [k, (s as z.ZodTypeAny).optional()])) as {
      [K in keyof typeof raffleFields]: z.ZodOptional<(typeof raffleFields)[K]>;
    },
  )
  .strict()
  .superRefine((v, ctx) => checkRaffle(v as Partial<AdminRaffleInput>, ctx));
export type AdminRaffleUpdate = z.infer<typeof adminRaffleUpdateSchema>;

/** Admin view: the public raffle plus what only admins see. */
export interface AdminRaffle extends Raffle {
  created_at: string;
}

/**
 * Why an entrant may be an alt or a bot, for the streamer only (never in a public answer): an account younger than
 * FARM_NEW_ACCOUNT_DAYS, no watch time ever credited, no chat message ever counted. No upload or IP fingerprint is
 * kept for members, so none is compared.
 */
export type FarmSignal = 'new-account' | 'no-watch-time' | 'no-chat';
export const FARM_NEW_ACCOUNT_DAYS = 7;

/** The last three are absent on a row that arrived by push, until the page is read again. */
export interface AdminRaffleEntry extends RaffleEntry {
  points_spent: number;
  /** The entry's subscriber multiplier, as the draw counts it. */
  multiplier?: number;
  signals?: FarmSignal[];
  account_age_days?: number;
}

/** Rows per page of an admin's entry list: a stream raffle reaches 100,000 rows, the CSV export has them all. */
export const ADMIN_RAFFLE_ENTRIES_PER_PAGE = 100;

/** Newest entry rows first; tickets_total counts every row's tickets (the raffle's total_entries). */
export interface AdminRaffleEntryList {
  data: AdminRaffleEntry[];
  pagination: Pagination;
  tickets_total: number;
}

/** What applying a raffle's entry rules to its entrants took out, by the rule each failed. */
export interface RaffleRulesApplied {
  taken_out: number;
  by_rule: { rule: string; count: number }[];
}

export interface AdminRaffleList {
  data: AdminRaffle[];
  pagination: Pagination;
}

/**
 * Realtime payloads (room raffle:{id}). Entries are coalesced to at most 5 pushes a second (the first change after a
 * quiet window at once), and a push carries at most RAFFLE_ENTRIES_PAGE rows, so its size does not grow with the rate.
 */
/**
 * An entry row in a push, as a tuple rather than an object: a push goes to every watcher, so key names would be most
 * of the bytes, and of the parsing, on every viewer's device.
 */
export type RaffleEntryPush = [
  id: number,
  userId: number,
  tickets: number,
  /** The entry type's index in RAFFLE_ENTRY_TYPES: the type's name was a quarter of a burst row's bytes. */
  entryType: number,
  username: string,
  /**
   * 0 when it is the same as username, which it is for nearly every member (the site name is taken from the Kick
   * name): a burst's pushes then carry each name once.
   */
  kickUsername: string | null | 0,
  avatarUrl: string | null,
  /**
   * The id of the member's first entry in this raffle (the entry list's order); 0 when it is this entry's own id, as
   * it is for every newcomer, nearly every row of a burst.
   */
  firstEntryId: number,
  /**
   * Every ticket the member holds in the raffle (the most-tickets order); left off when it is this entry's tickets, as
   * for a newcomer.
   */
  personTickets?: number,
];

export function toRaffleEntryPush(e: RaffleEntry, firstEntryId: number, personTickets = e.tickets): RaffleEntryPush {
  const row: RaffleEntryPush = [
    e.id,
    e.user.id,
    e.tickets,
    RAFFLE_ENTRY_TYPES.indexOf(e.entry_type),
    e.user.username,
    e.user.kick_username !== null && e.user.kick_username === e.user.username ? 0 : e.user.kick_username,
    e.user.avatar_url,
    firstEntryId === e.id ? 0 : firstEntryId,
  ];
  // Left off when it is the entry's own tickets, as for nearly every row of a burst.
  if (personTickets !== e.tickets) row.push(personTickets);
  return row;
}

/** The entry a push row stands for; pushes carry no time, so the caller says when it arrived. */
export const fromRaffleEntryPush = (
  [id, userId, tickets, entryType, username, kickUsername, avatarUrl]: RaffleEntryPush,
  createdAt: string,
): RaffleEntry => ({
  id,
  entry_type: RAFFLE_ENTRY_TYPES[entryType] ?? 'passwordless',
  tickets,
  created_at: createdAt,
  user: { id: userId, username, kick_username: kickUsername === 0 ? username : kickUsername, avatar: avatarUrl, avatar_url: avatarUrl },
});

/** The id of the member's first entry in the raffle, for a push row. */
export const pushedFirstEntryId = (row: RaffleEntryPush): number => row[7] || row[0];

/** The member's tickets over all their entries in the raffle, for a push row. */
export const pushedPersonTickets = (row: RaffleEntryPush): number => row[8] || row[2];

export interface RaffleEntriesPush {
  raffle_id: number;
  total_entries: number;
  participants_count: number;
  /**
   * Entry rows that changed since the previous push, at their current ticket count, in id order: the first
   * RAFFLE_ENTRIES_PAGE of them in each list order (the newest rows, and the rows of the members with most tickets),
   * so at most two pages however many changed.
   */
  entries: RaffleEntryPush[];
  /**
   * Changed rows left out. When above 0, a list keeps the people that rank at least as high, in its order, as the
   * RAFFLE_ENTRIES_PAGE-th row sent (every change above it was sent) and reads the rest again by cursor.
   */
  omitted: number;
}

export interface RaffleStatusPush {
  raffle_id: number;
  raffle: Raffle;
}

export interface RaffleDrawnPush {
  raffle_id: number;
  winners: RaffleUser[];
  seed: string;
}
