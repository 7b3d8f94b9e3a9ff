import { Link } from 'react-router-dom';
import { useGetTotalGivenAwayQuery } from '../home-api';

/**
 * Shown only once the stat has loaded; a failure leaves the hero as it is. The figure is what was paid; what is still
 * owed is shown apart when the streamer chooses to.
 */
export function TotalGivenAway() {
  const { data } = useGetTotalGivenAwayQuery();
  if (!data?.formatted_total) return null;
  return (
    <p className="hero__stat">
      <span className="hero__stat-value">{data.formatted_total}</span>
      <span className="hero__stat-label">
        <Link to="/payouts">Total Given Away</Link>
      </span>
      {data.formatted_pending_total && (
        <span className="hero__stat-pending" data-testid="total-pending">
          {data.formatted_pending_total} on its way
        </span>
      )}
    </p>
  );
}
