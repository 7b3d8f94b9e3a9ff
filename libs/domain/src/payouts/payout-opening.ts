import type { PayoutSource } from '@kickback/contracts';

/** A prize to pay, as the feature that decided it describes it. */
export interface PayoutOpening {
  source: PayoutSource;
  /** The raffle, hunt, tournament, period, race or redemption id. */
  sourceId: number;
  /** The winner's place (draw position, rank); 1 where there is only one. */
  place: number;
  /** A member, or else the casino username of a player who linked no member account. */
  userId: number | null;
  casinoUsername: string | null;
  /** What was won, as text ("Headset", "$75.00", "400 points"). */
  prize: string;
  amount: string | null;
  currency: string | null;
  /** Its value in US dollars, counted by "total given away" once paid; null for points. */
  valueUsd: string | null;
  subject: { title: string; path: string };
  claimDeadline?: Date | null;
  /** Paid by the deciding transaction itself (points credited, a store delivery): opened as paid, with this reason. */
  paidAtOnce?: { reason: string; actorId: number | null };
  /** When it was decided; now unless the demo seed dates it back. */
  openedAt?: Date;
}

/** The key that makes a prize one payout: the source, its id, the place and who wins it. */
export const recipientKey = (userId: number | null, casinoUsername: string | null): string =>
  userId !== null ? `member:${userId}` : `casino:${(casinoUsername ?? '').toLowerCase()}`;
