import type { AdminRaffle } from '@kickback/contracts';
import { WinnerClaim, claimOf } from '../raffles/winner-claim';

/**
 * The winners of the raffle on stream once drawn, as the overlay shows them, each with their claim (claimed, the deadline
 * and time left, or unclaimed): the raffle stays on stream with them until the streamer starts or chooses another.
 */
export function GoLiveRaffleWinners({ raffle }: { raffle: AdminRaffle }) {
  if (!raffle.winners.length) return <p className="field-hint">Nobody entered, so nobody won.</p>;
  return (
    <ol className="go-live__winners" aria-label={`Winners of ${raffle.title}`} data-testid="go-live-raffle-winners">
      {raffle.winners.map((w, i) => (
        <li key={w.id}>
          <strong>{w.kick_username || w.username}</strong>{' '}
          <WinnerClaim claim={claimOf(raffle, w.id)} testId={`go-live-raffle-claim-${i + 1}`} />
        </li>
      ))}
    </ol>
  );
}
