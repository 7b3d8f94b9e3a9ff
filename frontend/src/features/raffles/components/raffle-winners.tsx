import { Link } from 'react-router-dom';
import type { Raffle, RaffleWinnerClaim } from '@kickback/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { Countdown } from '../../../components/ui/countdown';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useCountdown } from '../../../lib/use-countdown';
import { useToast } from '../../../lib/use-toast';
import { useClaimRafflePrizeMutation } from '../raffles-api';
import { personName } from '../../../lib/person-name';

/** Where a winner's claim stands, for everyone to see; nothing for a raffle without a claim window. */
function claimState(claim: RaffleWinnerClaim | undefined, now: number): string | null {
  if (!claim) return null;
  if (claim.claimed_at) return 'Claimed';
  if (!claim.claim_deadline) return 'Unclaimed';
  if (Date.parse(claim.claim_deadline) <= now) return 'Claim window closed';
  return `Claim by ${formatDateTime(claim.claim_deadline)}`;
}

/** The signed-in winner's Claim button with the time left; it goes once the window closes. */
function ClaimPrize({ raffle, deadline }: { raffle: Raffle; deadline: string }) {
  const [claim, { isLoading }] = useClaimRafflePrizeMutation();
  const toast = useToast();
  const left = useCountdown(Date.parse(deadline));
  if (left.ended) return null;
  const submit = async () => {
    try {
      const answer = await claim(raffle.id).unwrap();
      toast.success(answer.message ?? 'Prize claimed!');
    } catch (error) {
      toast.error(errorMessage(error as Parameters<typeof errorMessage>[0], 'Failed to claim the prize'));
    }
  };
  return (
    <div className="raffle-claim" data-testid="raffle-claim">
      <p>You won! Claim your prize before the time runs out, or it passes to the next person in the draw order.</p>
      <Countdown endMs={Date.parse(deadline)} label="Time left to claim" />
      <button type="button" className="button button--primary" onClick={() => void submit()} disabled={isLoading}>
        {isLoading ? 'Claiming...' : 'Claim prize'}
      </button>
    </div>
  );
}

/** The standing winners with their claims; they change live (raffle:drawn, raffle:status) when a prize passes on. */
export function RaffleWinners({ raffle }: { raffle: Raffle }) {
  const me = useCurrentUser();
  if (!raffle.winners.length) return null;
  const claims = new Map(raffle.winner_claims.map((c) => [c.user_id, c]));
  const mine = me ? claims.get(me.id) : undefined;
  const now = Date.now();
  return (
    <section className="card raffle-winners" aria-labelledby="raffle-winners-title">
      <h2 id="raffle-winners-title">Winners</h2>
      {mine && !mine.claimed_at && mine.claim_deadline && <ClaimPrize raffle={raffle} deadline={mine.claim_deadline} />}
      <ul data-testid="raffle-winners">
        {raffle.winners.map((w) => {
          const state = claimState(claims.get(w.id), now);
          return (
            <li key={w.id}>
              <Link to={`/profile/${encodeURIComponent(w.username)}`}>
                <Avatar user={w} name={personName(w)} size={32} />
                <span>{personName(w)}</span>
              </Link>
              {state && <span className="raffle-winners__claim">{state}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
