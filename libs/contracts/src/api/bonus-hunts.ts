import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { imageRef } from '../urls';
import { rowIdSchema } from './ids';
import type { Pagination } from './envelope';

export const HUNT_STATUSES = ['preparing', 'opening', 'completed'] as const;
export type HuntStatus = (typeof HUNT_STATUSES)[number];

/**
 * The phase a hunt is in, as the site and the admin name it: bonuses are collected while members predict, then
 * opened (predictions closed, results coming in), then the hunt is finished and scored.
 */
export const HUNT_PHASE_LABELS: Record<HuntStatus, string> = { preparing: 'Collecting', opening: 'Opening', completed: 'Finished' };

/** A hunt without a name of its own is called this. */
export const defaultHuntName = (id: number): string => `Bonus Hunt #${id}`;

/** Refused predictions: closed before any result (by the admin), or closed for good once the bonuses are opened. */
export const HUNT_PREDICTIONS_INACTIVE = 'Predictions are not active for this hunt';
export const HUNT_PREDICTIONS_CLOSED = 'Predictions are closed for this hunt: its bonuses are being opened.';

/**
 * A money or multiplier amount with at most two decimals, as a JSON number or a numeric
 * string. It is checked on its decimal text (never rounded through float arithmetic) and comes
 * out as a canonical string such as "1250.5" that PostgreSQL casts to numeric exactly.
 */
export const decimalAmount = (label: string, max: number) =>
  z.union([z.number(), z.string().trim()], { errorMap: () => ({ message: `The ${label} must be a number.` }) }).transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
    if (!/^\d+(\.\d{1,2})?$/.test(text)) {
      const message = /^-/.test(text)
        ? `The ${label} must be at least 0.`
        : /^\d+\.\d{3,}$/.test(text)
          ? `The ${label} may have at most 2 decimals.`
          : `The ${label} must be a number.`;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    if (Number(text) >= max) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `The ${label} must be less than ${max.toLocaleString('en-US')}.` });
      return z.NEVER;
    }
    return text;
  });

/** SPEC §3 statistics of a hunt; every amount is a number with two decimals. */
export interface HuntStatistics {
  starting_balance: number;
  winnings: number;
  average_multiplier: number;
  break_even_multiplier: number;
  biggest_win: number;
  highest_multiplier_game: { slot_name: string; win: number; multiplier: number } | null;
  /** Where the hunt is heading: winnings + unopened bets × average multiplier (live standings rank against it). */
  projected_end_balance: number;
  games_count: number;
  opened_count: number;
}

/** SPEC §3 Hunt game. slot_win and multiplier are null until the bonus is opened. */
export interface HuntGame {
  id: number;
  slot_name: string;
  slot_image: string | null;
  provider: { name: string };
  slot_bet: number;
  slot_win: number | null;
  multiplier: number | null;
  opened: boolean;
  position: number;
}

export interface HuntSummary {
  id: number;
  /** The streamer's name for the hunt, else "Bonus Hunt #id". */
  name: string;
  status: HuntStatus;
  predictions_active: boolean;
  created_at: string;
  created_at_human: string;
  completed_at: string | null;
  predictions_count: number;
  statistics: HuntStatistics;
}

/** SPEC §3 Bonus hunt prediction, with its standing (live while running, final once scored). */
export interface HuntPrediction {
  id: number;
  rank: number;
  end_balance: number;
  highest_multiplier: number;
  highest_multiplier_game: string;
  created_at: string;
  created_at_human: string;
  updated_at: string;
  user: { id: number; username: string; kick_username: string | null; avatar_url: string | null };
  /** Present once the hunt is completed: predicted minus actual end balance, in dollars. */
  accuracy: { end_balance_difference: number; multiplier_difference: number; game_hit: boolean } | null;
  points_awarded: number;
}

/** How many predictions a completed hunt's results name. */
export const HUNT_RESULTS_PODIUM = 3;

/**
 * The climax of the last completed hunt, shown on the site and the hunt overlay while no other hunt runs (the next
 * hunt replaces it). `top_predictions` are the best three by the final ranking, with the points they won once scored.
 */
export interface HuntResults {
  hunt_id: number;
  name: string;
  completed_at: string | null;
  /** False until the worker has ranked the predictions and paid the prizes (points_awarded are 0 until then). */
  scored: boolean;
  starting_balance: number;
  final_balance: number;
  /** final_balance − starting_balance: negative for a loss. */
  profit: number;
  best_slot: { slot_name: string; win: number; multiplier: number } | null;
  predictions_count: number;
  top_predictions: HuntPrediction[];
}

/** GET /api/r/bonus-hunts/current */
export interface CurrentHuntData {
  hunt: HuntSummary | null;
  statistics: HuntStatistics | null;
  games: HuntGame[];
  user_prediction: HuntPrediction | null;
  top_predictions: HuntPrediction[];
  /** With no hunt running: the results of the last completed hunt (null when none, or when it was archived). */
  results: HuntResults | null;
}

/** GET /api/r/bonus-hunts/stats */
export interface HuntOverallStats {
  total_hunts: number;
  completed_hunts: number;
  active_hunts: number;
  total_predictions: number;
  average_predictions_per_hunt: number;
}

export interface HuntPage<T> {
  data: T[];
  pagination: Pagination;
}

/** POST /api/r/bonus-hunts/{huntId}/predict (SPEC §5). */
export const huntPredictionSchema = z
  .object({
    end_balance: decimalAmount('end balance', 100_000_000),
    highest_multiplier: decimalAmount('highest multiplier', 10_000_000),
    highest_multiplier_game: z
      .string({
        required_error: 'The highest multiplier game is required.',
        invalid_type_error: 'The highest multiplier game must be text.',
      })
      .trim()
      .min(1, 'The highest multiplier game is required.')
      .max(100, 'The highest multiplier game may be at most 100 characters.'),
  })
  .strict();
export type HuntPredictionInput = z.infer<typeof huntPredictionSchema>;

export const huntPageQuerySchema = pageQuerySchema;
export const huntSearchQuerySchema = z
  .object({
    username: z.string({ required_error: 'Please enter a username to search' }).trim().min(1, 'Please enter a username to search').max(64),
  })
  .strict();

/* ---------- realtime payloads ---------- */

export interface HuntGamePush {
  hunt_id: number;
  game: HuntGame;
  statistics: HuntStatistics;
  top_predictions: HuntPrediction[];
}

export interface HuntUpdatedPush {
  hunt_id: number;
  status: HuntStatus;
  predictions_active: boolean;
  predictions_count: number;
  /** What changed, so a client can decide whether to refetch the game list. */
  change: 'created' | 'settings' | 'predictions' | 'status' | 'games' | 'scored' | 'prediction';
  /** With change 'prediction': the standings including the new predictions. */
  top_predictions?: HuntPrediction[];
  at: string;
}

/* ---------- admin ---------- */

export interface AdminHuntListItem {
  id: number;
  name: string;
  status: HuntStatus;
  predictions_active: boolean;
  starting_balance: number;
  prize_points: number[];
  games_count: number;
  predictions_count: number;
  created_at: string;
  completed_at: string | null;
}

export interface AdminHuntGame extends HuntGame {
  slot_id: number;
}

export interface AdminHuntDetail extends AdminHuntListItem {
  statistics: HuntStatistics;
  games: AdminHuntGame[];
  scored_at: string | null;
}

export interface SlotProvider {
  id: number;
  name: string;
}

export interface CatalogueSlot {
  id: number;
  name: string;
  image_url: string | null;
  provider: SlotProvider;
}

const prizePoints = z
  .array(z.number().int('Whole points only').min(0, 'Points must be at least 0').max(10_000_000, 'Too many points'))
  .max(10, 'At most 10 prizes');

/** A hunt's name; empty means the default "Bonus Hunt #id" (null). */
const huntName = z
  .string({ invalid_type_error: 'The name must be text.' })
  .trim()
  .max(80, 'The name may have at most 80 characters.')
  .transform((name) => (name === '' ? null : name));

export const adminHuntCreateSchema = z
  .object({
    name: huntName.optional(),
    starting_balance: decimalAmount('starting balance', 100_000_000),
    prize_points: prizePoints.default([1000, 500, 250]),
    /** Open predictions with the hunt (Go live): members can predict from the first moment. */
    open_predictions: z.boolean({ invalid_type_error: 'open_predictions must be true or false.' }).default(false),
  })
  .strict();
export type AdminHuntCreate = z.infer<typeof adminHuntCreateSchema>;

export const adminHuntUpdateSchema = z
  .object({
    name: huntName.optional(),
    starting_balance: decimalAmount('starting balance', 100_000_000).optional(),
    prize_points: prizePoints.optional(),
  })
  .strict();
export type AdminHuntUpdate = z.infer<typeof adminHuntUpdateSchema>;

export const adminHuntPredictionsSchema = z.object({ active: z.boolean() }).strict();

export const adminHuntStatusSchema = z.object({ status: z.enum(['opening', 'completed']) }).strict();

export const adminHuntGameAddSchema = z
  .object({
    slot_id: rowIdSchema,
    bet: decimalAmount('bet', 1_000_000).optional(),
  })
  .strict();
export type AdminHuntGameAdd = z.infer<typeof adminHuntGameAddSchema>;

/** Undo of a removal: the removed game's id (the removal kept the row; it comes back once). */
export const adminHuntGameRestoreSchema = z.object({ game_id: rowIdSchema }).strict();
export type AdminHuntGameRestore = z.infer<typeof adminHuntGameRestoreSchema>;

export const adminHuntGameUpdateSchema = z
  .object({
    bet: decimalAmount('bet', 1_000_000).optional(),
    /** null marks the bonus unopened again (a mistyped win is corrected by entering it again). */
    win: decimalAmount('win', 100_000_000).nullable().optional(),
  })
  .strict()
  .refine((v) => v.bet !== undefined || v.win !== undefined, { message: 'Send a bet or a win.', path: ['bet'] });
export type AdminHuntGameUpdate = z.infer<typeof adminHuntGameUpdateSchema>;

export const adminHuntGameReorderSchema = z.object({ ids: z.array(rowIdSchema).min(1).max(500) }).strict();

export const adminSlotSearchSchema = z.object({ search: z.string().trim().max(100).default('') }).strict();

export const adminSlotCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'The slot name is required.').max(100),
    provider_id: rowIdSchema.optional(),
    provider_name: z.string().trim().min(1).max(80).optional(),
    image_url: imageRef().nullable().default(null),
  })
  .strict()
  .refine((v) => v.provider_id !== undefined || v.provider_name !== undefined, {
    message: 'Choose or name a provider.',
    path: ['provider_id'],
  });
export type AdminSlotCreate = z.infer<typeof adminSlotCreateSchema>;

export const adminProviderCreateSchema = z.object({ name: z.string().trim().min(1, 'The provider name is required.').max(80) }).strict();
