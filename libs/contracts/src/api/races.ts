import { z } from 'zod';
import { scheduleDate } from './schedule-date';
import type { LeaderboardPlayer } from './leaderboard';

/** upcoming → live (at its start) → finished (at its end, winners recorded); cancelled by an admin before it finishes. */
export const RACE_STATUSES = ['upcoming', 'live', 'finished', 'cancelled'] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];

/**
 * How a race ranks: 'window' asks the source for the race's own start and end; 'snapshot' (a source that reports only
 * running totals) ranks each player's total minus the total they had when the race started. See docs/races.md.
 */
export type RaceRanking = 'window' | 'snapshot';

export { racePrizeLabel, type RacePrize } from '../race-prizes';
import type { RacePrize } from '../race-prizes';

/** Shortest and longest race the admin can set: from a few minutes of a stream to several weeks. */
export const RACE_LIMITS = { minMinutes: 5, maxDays: 90, maxPlaces: 100 } as const;

export const RACE_MESSAGES = {
  notFound: 'Race not found.',
  platformMissing: 'Choose a leaderboard platform that exists.',
  endsBeforeStart: 'The race must end after it starts.',
  tooShort: `A race lasts at least ${RACE_LIMITS.minMinutes} minutes.`,
  tooLong: `A race lasts at most ${RACE_LIMITS.maxDays} days.`,
  prizeBoth: 'A prize is either an amount with its currency or a text, not both.',
  timesLocked: 'The race has started: only its end, its title, rules and visibility can still change.',
  closed: 'A finished or cancelled race cannot be changed.',
  endPassed: 'A live race cannot be moved to end in the past.',
  deleteLive: 'A live race cannot be deleted; cancel it first.',
  deleted: 'Race deleted.',
  cancelled: 'Race cancelled.',
  refreshed: (status: string, error?: string) =>
    status === 'busy'
      ? 'A refresh of this race is already under way.'
      : status === 'skipped'
        ? 'Nothing to refresh: the race has not started or is over.'
        : error
          ? `The refresh failed: ${error}`
          : 'Race refreshed.',
  featureRefused: 'Only a visible race that is not cancelled can go on stream.',
  lateSnapshot: (at: string) => `The start snapshot was taken late, at ${at}: wagers placed between the start and then are not counted.`,
  awaitingSnapshot: 'The race ranks from a snapshot of every player at its start, which has not been taken yet.',
  rankedByWindow: 'Counts every bet placed between the start and the end of the race.',
  rankedBySnapshot: 'Counts what each player wagered since the snapshot of totals taken when the race started.',
  minWager: (amount: string) => `Players need at least ${amount} wagered to be placed.`,
} as const;

const prizeSchema = z
  .object({
    amount: z.number().min(0).max(1_000_000_000).multipleOf(0.01, 'At most 2 decimals').optional(),
    currency: z.string().trim().min(1).max(12).optional(),
    text: z.string().trim().min(1).max(200).optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const money = p.amount !== undefined || p.currency !== undefined;
    if (money && p.text !== undefined) ctx.addIssue({ code: 'custom', message: RACE_MESSAGES.prizeBoth });
    else if (!money && p.text === undefined) ctx.addIssue({ code: 'custom', message: 'Enter an amount and currency, or a text.' });
    else if (money && (p.amount === undefined || p.currency === undefined))
      ctx.addIssue({ code: 'custom', message: 'An amount needs its currency.' });
  })
  .transform((p): RacePrize => (p.text !== undefined ? { text: p.text } : { amount: p.amount!, currency: p.currency! }));

const isoDate = scheduleDate(z.string().datetime({ offset: true, message: 'Must be an ISO date-time' }));

const raceFields = {
  platform_id: z.number().int().positive(),
  title: z.string().trim().min(1, 'Title is required').max(120),
  starts_at: isoDate,
  ends_at: isoDate,
  prizes: z.array(prizeSchema).max(RACE_LIMITS.maxPlaces).default([]),
  min_wager: z.number().min(0).max(1_000_000_000).multipleOf(0.01, 'At most 2 decimals').default(0),
  rules: z.string().trim().max(4000).default(''),
  is_visible: z.boolean().default(true),
};

/** The window's own checks, on whichever of start and end the request carries next to the stored ones. */
export function raceWindowIssue(startsAt: string, endsAt: string): { field: 'ends_at'; message: string } | null {
  const length = Date.parse(endsAt) - Date.parse(startsAt);
  if (length <= 0) return { field: 'ends_at', message: RACE_MESSAGES.endsBeforeStart };
  if (length < RACE_LIMITS.minMinutes * 60_000) return { field: 'ends_at', message: RACE_MESSAGES.tooShort };
  if (length > RACE_LIMITS.maxDays * 86_400_000) return { field: 'ends_at', message: RACE_MESSAGES.tooLong };
  return null;
}

export const raceInputSchema = z
  .object(raceFields)
  .strict()
  .superRefine((r, ctx) => {
    const issue = raceWindowIssue(r.starts_at, r.ends_at);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
export type RaceInput = z.infer<typeof raceInputSchema>;
export const raceUpdateSchema = z.object(raceFields).partial().strict();
export type RaceUpdate = z.infer<typeof raceUpdateSchema>;

/** The admin's view of a race (GET/POST/PUT /api/admin/races). */
export interface AdminRace {
  id: number;
  platform_id: number;
  platform_name: string;
  title: string;
  starts_at: string;
  ends_at: string;
  prizes: RacePrize[];
  min_wager: number;
  rules: string;
  is_visible: boolean;
  status: RaceStatus;
  ranking: RaceRanking;
  entry_count: number;
  last_updated: string | null;
  last_error: string | null;
  on_stream: boolean;
}

/** A race in the public list and at the head of its page. */
export interface RaceSummary {
  id: number;
  title: string;
  platform: { name: string; slug: string };
  currency_symbol: string;
  status: RaceStatus;
  starts_at: string;
  ends_at: string;
  /** Epoch milliseconds of the start and end, for the countdowns. */
  startTimestamp: number;
  endTimestamp: number;
  prizes: RacePrize[];
  min_wager: number;
  entry_count: number;
  /** When the standings were last fetched successfully; null before the first good fetch. */
  last_updated: string | null;
}

/** A placed player: rank, the board's masked names, what they wagered inside the race, and the prize of that place. */
export interface RaceStanding extends LeaderboardPlayer {
  rank: number;
  prize: RacePrize | null;
}

/** GET /api/r/races */
export interface RaceList {
  upcoming: RaceSummary[];
  live: RaceSummary[];
  finished: RaceSummary[];
}

/** GET /api/r/races/{id} */
export interface RaceDetail {
  race: RaceSummary & {
    rules: string;
    ranking: RaceRanking;
    /** How the race counts wagers, the minimum, and a late start snapshot, in words. */
    notes: string[];
  };
  standings: RaceStanding[];
  /** The signed-in member's place, when one of their linked casino names is placed; null otherwise. */
  me: { rank: number; wagered: number; username: string } | null;
}

/** Room race:{id} and 'races': a race's standings, status or settings changed; open pages refetch. */
export interface RaceUpdatedPush {
  raceId: number;
  at: string;
}
