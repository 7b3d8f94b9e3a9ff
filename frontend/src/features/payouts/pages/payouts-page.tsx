import { Link } from 'react-router-dom';
import { usePageParam } from '../../../lib/use-list-params';
import { PAYOUT_SOURCE_LABELS, type PublicPayout } from '@kickback/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { formatAmount, formatDateTime, formatNumber, formatRelativeTime } from '../../../lib/format';
import { PayoutProof } from '../components/payout-proof';
import { prizeText } from '../components/payout-prize';
import { useGetPublicPayoutsQuery } from '../payouts-api';
import { TableHead } from '../../../components/ui/table-head';
import { LoadFailed } from '../../../components/ui/load-failed';
import '../payouts.css';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function PaidRow({ payout: p }: { payout: PublicPayout }) {
  return (
    <li className="card payouts__row" data-testid={`payout-${p.id}`}>
      <div className="payouts__what">
        <span className="payouts__recipient">{p.recipient}</span>
        <strong className="payouts__prize">{prizeText(p)}</strong>
        <span className="payouts__muted">
          {PAYOUT_SOURCE_LABELS[p.source]}: <Link to={p.subject.path}>{p.subject.title}</Link>
        </span>
        {p.proof && <PayoutProof proof={p.proof} label={`${p.recipient}, ${p.prize}`} />}
      </div>
      <time className="payouts__muted" dateTime={p.paid_at} title={formatDateTime(p.paid_at)}>
        Paid {formatRelativeTime(p.paid_at)}
      </time>
    </li>
  );
}

/** Payouts: every prize paid, newest first, with its proof where the streamer publishes it, and dollars paid per month. */
export default function PayoutsPage() {
  const [page, setPage] = usePageParam();
  const { data, isLoading, isError, isFetching, refetch } = useGetPublicPayoutsQuery(page);
  return (
    <section className="page container">
      <PageHeading title="Payouts" lead="Prizes paid to the community, with proof of payment." />
      {data && data.months.length > 0 && (
        <section className="card payouts__months" aria-labelledby="payouts-months">
          <h2 id="payouts-months">Paid per month</h2>
          <table className="payouts__months-table">
            <caption className="visually-hidden">Dollars paid per month, newest first</caption>
            <TableHead columns={['Month', 'Paid', 'Prizes']} />
            <tbody>
              {data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthName(m.month)}</th>
                  <td>{formatAmount(m.total_usd)}</td>
                  <td>{formatNumber(m.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {isLoading ? (
        <p role="status" className="payouts__muted">
          Loading payouts...
        </p>
      ) : isError ? (
        <LoadFailed title="Failed to load payouts" onRetry={refetch} busy={isFetching} />
      ) : !data?.data.length ? (
        <EmptyState title="No payouts yet" text="Prizes appear here once they are paid." />
      ) : (
        <ol className="payouts" data-testid="public-payouts">
          {data.data.map((p) => (
            <PaidRow key={p.id} payout={p} />
          ))}
        </ol>
      )}
      {data && <Pager page={page} lastPage={data.pagination.last_page} onPage={setPage} label="Payout pages" />}
    </section>
  );
}
