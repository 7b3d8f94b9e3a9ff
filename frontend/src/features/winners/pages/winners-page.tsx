import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RecentWinner } from '@kickback/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { formatAmount, formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useGetRecentWinnersQuery } from '../winners-api';
import '../winners.css';

/** Recent Winners: who won which raffle, newest draw first, each linking to the member and the raffle. */
export default function WinnersPage() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useGetRecentWinnersQuery(page);
  const winners = data?.data ?? [];
  return (
    <section className="page container">
      <PageHeading title="Recent Winners" lead="Raffle winners, newest first." />
      {isLoading ? (
        <p role="status" className="winners__status">
          Loading winners...
        </p>
      ) : isError ? (
        <EmptyState title="Failed to load winners" text="Please try again in a moment.">
          <button type="button" className="button button--ghost" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </button>
        </EmptyState>
      ) : winners.length === 0 ? (
        <EmptyState title="No winners yet" text="Winners appear here as soon as a raffle is drawn.">
          <Link to="/raffles" className="button button--primary">
            See the raffles
          </Link>
        </EmptyState>
      ) : (
        <ol className="winners" data-testid="recent-winners">
          {winners.map((w) => (
            <WinnerRow key={`${w.raffle.id}-${w.position}`} winner={w} />
          ))}
        </ol>
      )}
      {data && <Pager page={page} lastPage={data.pagination.last_page} onPage={setPage} label="Winners pages" />}
    </section>
  );
}

function WinnerRow({ winner: w }: { winner: RecentWinner }) {
  const name = w.user.kick_username || w.user.username;
  const prize = [w.raffle.prize_description, w.raffle.prize_value_usd > 0 ? formatAmount(w.raffle.prize_value_usd) : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="card winners__row">
      <Link to={`/profile/${encodeURIComponent(w.user.username)}`} className="winners__member">
        <Avatar user={w.user} name={name} size={40} />
        <span className="winners__name">{name}</span>
      </Link>
      <div className="winners__what">
        <span>
          won <Link to={`/raffles/${w.raffle.id}`}>{w.raffle.title}</Link>
        </span>
        {prize && <span className="winners__prize">{prize}</span>}
      </div>
      <time className="winners__when" dateTime={w.won_at} title={formatDateTime(w.won_at)}>
        {formatRelativeTime(w.won_at)}
      </time>
    </li>
  );
}
