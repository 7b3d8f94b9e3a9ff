import { z } from 'zod';
import { pageParamSchema } from './paging';

/** Every kind of prize the community wins; each feature records its winners when it pays them. */
export const WINNER_SOURCES = ['raffle', 'hunt', 'tournament', 'leaderboard', 'race'] as const;
export type WinnerSource = (typeof WINNER_SOURCES)[number];

/** A member as shown beside a win (null for a leaderboard player who linked no member account). */
export interface WinnerUser {
  id: number;
  username: string;
  kick_username: string | null;
  avatar: string | null;
  avatar_url: string | null;
}

/** GET /api/r/winners (Recent Winners page): one row per prize paid, newest first. */
export interface RecentWinner {
  id: number;
  source: WinnerSource;
  user: WinnerUser | null;
  /** The name shown: the member's Kick name, or the (masked) casino username of a leaderboard player. */
  name: string;
  /** The winner's place: raffle draw position, prediction rank or leaderboard rank. */
  position: number;
  /** What was won, as text ("Gaming chair", "500 points", "$100.00"). */
  prize: string;
  prize_value_usd: number | null;
  prize_points: number | null;
  /** What was won in, with the site path to it (/raffles/3, /bonus-hunts, /tournaments/2, /leaderboard). */
  subject: { id: number; title: string; path: string };
  won_at: string;
}

export const recentWinnersQuerySchema = z
  .object({
    page: pageParamSchema,
    source: z.enum(WINNER_SOURCES).optional(),
  })
  .strict();
export type RecentWinnersQuery = z.infer<typeof recentWinnersQuerySchema>;

/**
 * Room 'winners': what changed in the winners ledger since the last push (pushes are coalesced, so a draw of many
 * winners arrives in a few): the new rows exactly as GET /api/r/winners lists them, in its order, and the rows that
 * no longer stand (a rerolled raffle winner, replaced by a new row of the same push). The page patches its first page.
 */
export interface WinnersNewPush {
  winners: RecentWinner[];
  removed: { id: number; source: WinnerSource }[];
  at: string;
}
