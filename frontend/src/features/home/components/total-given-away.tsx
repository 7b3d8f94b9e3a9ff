import { useGetTotalGivenAwayQuery } from '../home-api';

/** Shown only once the stat has loaded; a failure leaves the hero as it is. */
export function TotalGivenAway() {
  const { data } = useGetTotalGivenAwayQuery();
  if (!data?.formatted_total) return null;
  return (
    <p className="hero__stat">
      <span className="hero__stat-value">{data.formatted_total}</span>
      <span className="hero__stat-label">Total Given Away</span>
    </p>
  );
}
