import { claimTimeLeftWords, type Raffle, type RaffleWinnerClaim } from '@kickback/contracts';
import { formatDateTime } from '../../lib/format';

/** The standing winner's claim in a raffle with a claim window (none without one). */
export const claimOf = (raffle: Pick<Raffle, 'winner_claims'>, userId: number): RaffleWinnerClaim | undefined =>
  raffle.winner_claims.find((c) => c.user_id === userId);

/** Seconds left to claim, or null when the claim is not open (claimed, closed, or no window). */
export function claimSecondsLeft(claim: RaffleWinnerClaim | undefined, now = Date.now()): number | null {
  if (!claim || claim.claimed_at || !claim.claim_deadline) return null;
  const left = (Date.parse(claim.claim_deadline) - now) / 1000;
  return left > 0 ? left : null;
}

/** "Claimed …", "Claim by … (9 minutes left)" or "Unclaimed": what the streamer must know before touching a prize. */
export function WinnerClaim({ claim, testId }: { claim: RaffleWinnerClaim | undefined; testId?: string }) {
  if (!claim) return null;
  const left = claimSecondsLeft(claim);
  let text: string;
  if (claim.claimed_at) text = `Claimed ${formatDateTime(claim.claimed_at)}`;
  else if (left !== null) text = `Claim by ${formatDateTime(claim.claim_deadline!)} (${claimTimeLeftWords(left)} left)`;
  else text = 'Unclaimed';
  return (
    <span className="field-hint" data-testid={testId}>
      {text}
    </span>
  );
}
