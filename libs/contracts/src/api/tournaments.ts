import { z } from 'zod';
import { MAX_ROW_ID } from '../row-id';
import { decimalAmount } from './bonus-hunts';

export const TOURNAMENT_SIZES = [4, 8, 16, 32] as const;
export type TournamentSize = (typeof TOURNAMENT_SIZES)[number];

/** SPEC §9 tournament filters. */
export const TOURNAMENT_FILTERS = ['all', 'active', 'predictions', 'completed'] as const;
export type TournamentFilter = (typeof TOURNAMENT_FILTERS)[number];

/** SPEC §3 Tournament match; multipliers are numbers with two decimals or null when not entered. */
export interface TournamentMatch {
  id: number;
  round: number;
  match_number: number;
  slot1_name: string | null;
  slot2_name: string | null;
  slot1_multiplier: number | null;
  slot2_multiplier: number | null;
  winner_name: string | null;
}

/** GET /api/r/tournaments item. progress is the percent (0-100) of matches with a winner. */
export interface TournamentListItem {
  id: number;
  name: string;
  size: TournamentSize;
  is_active: boolean;
  predictions_active: boolean;
  matches_count: number;
  predictions_count: number;
  progress: number;
  /** Winner of the final (the match of the highest round), once decided. */
  winner: string | null;
  prize_points: number[];
  created_at: string;
}

export interface TournamentDetail extends TournamentListItem {
  matches: TournamentMatch[];
}

export interface TournamentPredictor {
  id: number;
  username: string;
  kick_username: string | null;
  avatar_url: string | null;
}

/** SPEC §3 top prediction: accuracy is the percent of the member's decided picks that were right. */
export interface TournamentTopPrediction {
  user: TournamentPredictor;
  accuracy: number;
  correct: number;
  /** Decided picks (the denominator of accuracy). */
  total: number;
  /** Every pick the member made, decided or not. */
  picks: number;
}

export interface TournamentUserPick {
  tournament_match_id: number;
  predicted_winner_name: string;
}

/** GET /api/r/tournaments/{id} */
export interface TournamentPageData {
  tournament: TournamentDetail;
  user_prediction: { matches: TournamentUserPick[] } | null;
  top_predictions: TournamentTopPrediction[];
}

export { TOURNAMENT_STANDINGS_LIMIT } from '../tournament-standings';

/**
 * POST /api/r/tournaments/{id}/predict `data` (beside SPEC §7's success and message): what the page shows after a
 * save, so it reads nothing again. A member's saved picks are only on undecided matches, so their own standing
 * keeps its place, or is new and comes last (0 correct, the latest first pick).
 */
export interface TournamentPredictResult {
  user_prediction: { matches: TournamentUserPick[] };
  /** Members with at least one pick in the tournament, this one included. */
  predictions_count: number;
  standing: TournamentTopPrediction;
}

/** GET /api/r/tournaments/{id}/predictions/{userId}: one member's picks with their results. */
export interface TournamentPickBreakdown {
  tournament_match_id: number;
  round: number;
  match_number: number;
  predicted_winner_name: string;
  winner_name: string | null;
  correct: boolean | null;
}

/** POST /api/r/tournaments/{id}/predict (SPEC §5). Emptiness is checked by the service for the SPEC message. */
export const tournamentPredictSchema = z
  .object({
    predictions: z
      .array(
        z
          .object({
            match_id: z
              .number({ required_error: 'The match is required.', invalid_type_error: 'The match must be a number.' })
              .int()
              .positive()
              .max(MAX_ROW_ID, 'This match is not part of this tournament.'),
            winner_name: z
              .string({ required_error: 'The winner is required.', invalid_type_error: 'The winner must be text.' })
              .trim()
              .min(1, 'The winner is required.')
              .max(100, 'The winner may be at most 100 characters.'),
          })
          .strict(),
        { required_error: 'Please make at least one prediction', invalid_type_error: 'Please make at least one prediction' },
      )
      .max(64, 'Too many predictions.'),
  })
  .strict();
export type TournamentPredictInput = z.infer<typeof tournamentPredictSchema>;

const slotName = z
  .string({ required_error: 'The slot name is required.', invalid_type_error: 'The slot name must be text.' })
  .trim()
  .min(1, 'The slot name is required.')
  .max(100, 'The slot name may be at most 100 characters.');
const multiplier = decimalAmount('multiplier', 10_000_000).nullable().optional();
const prizePoints = z
  .array(z.number().int('Whole points only').min(0, 'Points must be at least 0').max(10_000_000, 'Too many points'))
  .max(10, 'At most 10 prizes');
const tournamentName = z
  .string({ required_error: 'The name is required.', invalid_type_error: 'The name must be text.' })
  .trim()
  .min(1, 'The name is required.')
  .max(120, 'The name may be at most 120 characters.');

export const adminTournamentSlotSchema = z.object({ name: slotName, multiplier }).strict();

export const adminTournamentCreateSchema = z
  .object({
    name: tournamentName,
    size: z.union([z.literal(4), z.literal(8), z.literal(16), z.literal(32)], {
      errorMap: () => ({ message: 'The size must be 4, 8, 16 or 32.' }),
    }),
    slots: z.array(adminTournamentSlotSchema).max(32, 'Enter at most 32 slot names.'),
    prize_points: prizePoints.default([1000, 500, 250]),
    predictions_active: z.boolean().default(false),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.slots.length !== value.size) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['slots'], message: `Enter exactly ${value.size} slot names.` });
      return;
    }
    const seen = new Set<string>();
    value.slots.forEach((slot, i) => {
      const key = slot.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['slots', i, 'name'], message: 'Each slot may appear only once.' });
      seen.add(key);
    });
  });
export type AdminTournamentCreate = z.infer<typeof adminTournamentCreateSchema>;

export const adminTournamentUpdateSchema = z
  .object({
    name: tournamentName.optional(),
    prize_points: prizePoints.optional(),
    is_active: z.boolean().optional(),
    predictions_active: z.boolean().optional(),
  })
  .strict();
export type AdminTournamentUpdate = z.infer<typeof adminTournamentUpdateSchema>;

/** Names can be changed only in round 1 (later rounds are filled by winners); multipliers anywhere. */
export const adminTournamentMatchUpdateSchema = z
  .object({
    slot1_name: slotName.optional(),
    slot2_name: slotName.optional(),
    slot1_multiplier: multiplier,
    slot2_multiplier: multiplier,
  })
  .strict();
export type AdminTournamentMatchUpdate = z.infer<typeof adminTournamentMatchUpdateSchema>;

/** `override`: the admin confirmed a winner whose multiplier is the lower one (the server refuses it otherwise). */
export const adminTournamentWinnerSchema = z.object({ winner_name: slotName, override: z.boolean().optional() }).strict();
export type AdminTournamentWinner = z.infer<typeof adminTournamentWinnerSchema>;

/**
 * The two multipliers when `winnerName` scored the lower one (a pick the numbers contradict), else null: with a
 * multiplier missing on either side nothing contradicts the pick.
 */
export function contradictedPick(
  match: { slot1_name: string | null; slot1_multiplier: number | string | null; slot2_multiplier: number | string | null },
  winnerName: string,
): { winner: number; loser: number } | null {
  const first = winnerName === match.slot1_name;
  const mine = first ? match.slot1_multiplier : match.slot2_multiplier;
  const theirs = first ? match.slot2_multiplier : match.slot1_multiplier;
  if (mine === null || theirs === null) return null;
  return Number(mine) < Number(theirs) ? { winner: Number(mine), loser: Number(theirs) } : null;
}

export interface AdminTournament extends TournamentDetail {
  completed_at: string | null;
}

/** Room tournament:{id}: a match got a winner (and the next-round match its slot). */
export interface TournamentMatchPush {
  tournament_id: number;
  matches: TournamentMatch[];
  progress: number;
  winner: string | null;
  at: string;
}

/** Room tournament:{id}: the tournament changed; carries the fresh public state. */
export interface TournamentUpdatedPush {
  tournament: TournamentDetail;
  top_predictions: TournamentTopPrediction[];
  change: 'created' | 'settings' | 'predictions' | 'status' | 'match' | 'prediction' | 'deleted';
  at: string;
}
