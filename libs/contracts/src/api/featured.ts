import { z } from 'zod';
import { rowIdSchema } from './ids';

/**
 * What is "on stream": the item the overlays, Go live's actions and chat commands act on (raffles, tournaments, races and
 * the leaderboard, whose item is a platform); a kind's featured id falls back to the newest item of that kind taking part
 * (for the leaderboard: the first active platform, the site's own first board) when the admin chose none (or one
 * since ended).
 */
export const FEATURED_KINDS = ['raffle', 'tournament', 'leaderboard', 'race'] as const;
export type FeaturedKind = (typeof FEATURED_KINDS)[number];

/** GET /api/admin/featured: the id each kind resolves to now (null when nothing of that kind runs). */
export type FeaturedItems = Record<FeaturedKind, number | null>;

/** PUT /api/admin/featured/raffle, /tournament, /leaderboard (a platform id) and /race */
export const featuredRaffleSchema = z.object({ id: rowIdSchema }).strict();
export const featuredTournamentSchema = featuredRaffleSchema;
export const featuredLeaderboardSchema = featuredRaffleSchema;
export const featuredRaceSchema = featuredRaffleSchema;

/** Pushed to the overlays of a kind (their server-side room) when its featured item changes. */
export interface FeaturedChangedPush {
  kind: FeaturedKind;
  id: number | null;
}
