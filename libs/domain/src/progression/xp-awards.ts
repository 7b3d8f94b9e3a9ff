import type { XpSource } from '@kickback/contracts';

/**
 * XP per action (docs/progression.md). Stream activity (`activity`) carries its own amount in the event. Each award's
 * key makes it count once: the same event delivered twice, or the backfill meeting data the worker already counted,
 * inserts nothing.
 */
export const XP_AWARDS = {
  login: 10,
  raffle_entry: 25,
  hunt_prediction: 25,
  tournament_prediction: 25,
  hunt_scored: 20,
  hunt_won: 100,
  tournament_scored: 20,
  redemption: 50,
  ticket: 10,
  ticket_resolved: 15,
  friend: 50,
} as const;

export interface XpAward {
  userId: number;
  source: XpSource;
  xp: number;
  key: string;
}

/** Award keys, shared by the worker's handlers and the backfill so both name the same action alike. */
export const awardKeys = {
  login: (userId: number, at: string) => `login:${userId}:${at.slice(0, 10)}`,
  raffleEntry: (entryId: number) => `raffle-entry:${entryId}`,
  huntPrediction: (huntId: number, userId: number) => `hunt-prediction:${huntId}:${userId}`,
  tournamentPrediction: (tournamentId: number, userId: number) => `tournament-prediction:${tournamentId}:${userId}`,
  huntScored: (huntId: number, userId: number) => `hunt-scored:${huntId}:${userId}`,
  tournamentScored: (tournamentId: number, userId: number) => `tournament-scored:${tournamentId}:${userId}`,
  redemption: (redemptionId: number) => `redemption:${redemptionId}`,
  ticket: (ticketId: number) => `ticket:${ticketId}`,
  ticketResolved: (ticketId: number) => `ticket-resolved:${ticketId}`,
  /** Once per pair and member, ever: removing and re-adding a friend earns nothing new. */
  friend: (a: number, b: number, userId: number) => `friend:${Math.min(a, b)}-${Math.max(a, b)}:${userId}`,
  activity: (key: string) => `activity:${key}`,
};
