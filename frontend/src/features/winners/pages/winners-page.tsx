import { Link } from 'react-router-dom';
import type { RecentWinner, WinnerSource } from '@kickback/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { formatAmount, formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useRecentWinners } from '../winners-api';
import { LoadFailed } from '../../../components/ui/load-failed';
import '../winners.css';

const FILTERS: { source: WinnerSource | null; label: string }[] = [
  { source: null, label: 'All' },
  { source: 'raffle', label: 'Raffles' },
  { source: 'hunt', label: 'Bonus Hunts' },
  { source: 'tournament', label: 'Tournaments' },
  { source: 'leaderboard', label: 'Leaderboard' },
  { source: 'race', label: 'Races' },
];

const SOURCE_LABEL: Record<WinnerSource, string> = {
  raffle: 'Raffle',
  hunt: 'Bonus Hunt prediction',
  tournament: 'Tournament prediction',
  leaderboard: 'Leaderboard prize',
  race: 'Wager race prize',
};

/** The source filter as the URL holds it: none for every source. */
const URL_DEFAULTS = { source: '' };
const SOURCES = { source: FILTERS.map((f) => f.source ?? '') };

/** Recent Winners: every prize paid (raffles, hunt and tournament predictions, leaderboards, races), newest first, filterable by source. */
export default function WinnersPage() {
  const { filters, page, setFilter, setPage } = useListParams(URL_DEFAULTS, SOURCES);
  const source = (filters.source || null) as WinnerSource | null;
  const { data, isLoading, isError, isFetching, refetch } = useRecentWinners({ page, source });
  const winners = data?.data ?? [];
  return (
    <section className="page container">
      <PageHeading title="Recent Winners" lead="Raffles, bonus hunt and tournament predictions and leaderboard prizes, newest first.">
        <Link to="/payouts" className="button button--ghost">
          Payouts and proof
        </Link>
      </PageHeading>
      <div className="winners__filters" role="group" aria-label="Filter winners by source">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            className={f.source === source ? 'button button--primary' : 'button button--ghost'}
            aria-pressed={f.source === source}
            onClick={() => setFilter('source', f.source ?? '')}
          >
            {f.label}
          </button>
        ))}
      </div>
      {isLoading ? (
        <p role="status" className="winners__status">
          Loading winners...
        </p>
      ) : isError ? (
        <LoadFailed title="Failed to load winners" onRetry={refetch} busy={isFetching} />
      ) : winners.length === 0 ? (
        <EmptyState title="No winners yet" text="Winners appear here as soon as a prize is paid.">
          <Link to="/raffles" className="button button--primary">
            See the raffles
          </Link>
        </EmptyState>
      ) : (
        <ol className="winners" data-testid="recent-winners">
          {winners.map((w) => (
            <WinnerRow key={w.id} winner={w} />
          ))}
        </ol>
      )}
      {data && <Pager page={page} lastPage={data.pagination.last_page} onPage={setPage} label="Winners pages" />}
    </section>
  );
}

function WinnerRow({ winner: w }: { winner: RecentWinner }) {
  const value = w.source !== 'leaderboard' && w.prize_value_usd !== null && w.prize_value_usd > 0 ? formatAmount(w.prize_value_usd) : '';
  const prize = [w.prize, value].filter(Boolean).join(' · ');
  return (
    <li className="card winners__row" data-source={w.source}>
      {w.user ? (
        <Link to={`/profile/${encodeURIComponent(w.user.username)}`} className="winners__member">
          <Avatar user={w.user} name={w.name} size={40} />
          <span className="winners__name">{w.name}</span>
        </Link>
      ) : (
        <span className="winners__member">
          <Avatar user={{}} name={w.name} size={40} />
          <span className="winners__name">{w.name}</span>
        </span>
      )}
      <div className="winners__what">
        <span>
          <span className="winners__source">{SOURCE_LABEL[w.source]}</span> #{w.position} in{' '}
          <Link to={w.subject.path}>{w.subject.title}</Link>
        </span>
        <span className="winners__prize">{prize}</span>
      </div>
      <time className="winners__when" dateTime={w.won_at} title={formatDateTime(w.won_at)}>
        {formatRelativeTime(w.won_at)}
      </time>
    </li>
  );
}
