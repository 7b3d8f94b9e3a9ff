import { Link } from 'react-router-dom';
import { usePageParam } from '../../../lib/use-list-params';
import { PAYOUT_STATUS_LABELS, PAYOUT_SOURCE_LABELS, type MyPrize } from '@kickback/contracts';
import { AuthRequired } from '../../../components/ui/auth-required';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { PayoutProof } from '../components/payout-proof';
import { prizeText } from '../components/payout-prize';
import { useGetMyPrizesQuery } from '../payouts-api';
import { LoadFailed } from '../../../components/ui/load-failed';
import '../payouts.css';

function PrizeRow({ prize: p }: { prize: MyPrize }) {
  const waiting = p.status === 'waiting_approval' || p.status === 'approved' || p.status === 'processing';
  return (
    <li className="card payouts__row" data-testid={`my-prize-${p.id}`} data-status={p.status}>
      <div className="payouts__what">
        <strong className="payouts__prize">{prizeText(p)}</strong>
        <span className="payouts__muted">
          {PAYOUT_SOURCE_LABELS[p.source]} #{p.place} in <Link to={p.subject.path}>{p.subject.title}</Link>
        </span>
        {waiting && p.claim_deadline && (
          <span className="payouts__muted">
            Claim by <time dateTime={p.claim_deadline}>{formatDateTime(p.claim_deadline)}</time>
          </span>
        )}
        {p.reason && <span className="payouts__muted">{p.reason}</span>}
        <PayoutProof proof={p.proof} label={p.prize} />
      </div>
      <div className="payouts__state">
        <span className={`payouts__status payouts__status--${p.status}`} data-testid={`my-prize-status-${p.id}`}>
          {PAYOUT_STATUS_LABELS[p.status]}
        </span>
        <time className="payouts__muted" dateTime={p.status_changed_at} title={formatDateTime(p.status_changed_at)}>
          {formatRelativeTime(p.status_changed_at)}
        </time>
      </div>
    </li>
  );
}

function MyPrizes() {
  const [page, setPage] = usePageParam();
  const { data, isLoading, isError, isFetching, refetch } = useGetMyPrizesQuery(page);
  return (
    <section className="page container">
      <PageHeading title="My Prizes" lead="Every prize you won, where its payment stands, and the proof once it is paid." />
      {isLoading ? (
        <p role="status" className="payouts__muted">
          Loading your prizes...
        </p>
      ) : isError ? (
        <LoadFailed title="Failed to load your prizes" onRetry={refetch} busy={isFetching} />
      ) : !data?.data.length ? (
        <EmptyState
          title="No prizes yet"
          text="Prizes you win in raffles, races, hunts, tournaments, the leaderboard and the store appear here."
        >
          <Link to="/raffles" className="button button--primary">
            See the raffles
          </Link>
        </EmptyState>
      ) : (
        <ol className="payouts" data-testid="my-prizes">
          {data.data.map((p) => (
            <PrizeRow key={p.id} prize={p} />
          ))}
        </ol>
      )}
      {data && <Pager page={page} lastPage={data.pagination.last_page} onPage={setPage} label="Prize pages" />}
    </section>
  );
}

/** My prizes: the member's payouts, updated live as the streamer approves and pays them. */
export default function MyPrizesPage() {
  const user = useCurrentUser();
  if (!user) return <AuthRequired message="Log in to see your prizes." />;
  return <MyPrizes />;
}
