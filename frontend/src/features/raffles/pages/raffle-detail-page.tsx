import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorStatus } from '../../../lib/api-error';
import { useToast } from '../../../lib/use-toast';
import { RaffleEntriesList } from '../components/raffle-entries-list';
import { RaffleEntryActions } from '../components/raffle-entry-actions';
import { RaffleEntryMethods } from '../components/raffle-entry-methods';
import { RaffleStats } from '../components/raffle-stats';
import { RaffleStatusBadge } from '../components/raffle-status-badge';
import { RaffleVerifyPanel } from '../components/raffle-verify-panel';
import { RaffleWinners } from '../components/raffle-winners';
import { useGetRaffleQuery } from '../raffles-api';
import '../raffles.css';

export default function RaffleDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const toast = useToast();
  const raffle = useGetRaffleQuery(id, { skip: !valid });

  const status = errorStatus(raffle.error);
  useEffect(() => {
    if (!raffle.isError) return;
    if (status === 404) {
      toast.error('Raffle not found');
      navigate('/raffles', { replace: true });
    } else {
      toast.error('Failed to load raffle');
    }
  }, [raffle.isError, status, toast, navigate]);

  const back = (
    <Link className="raffle-back" to="/raffles">
      ← Back to Raffles
    </Link>
  );

  if (!valid || (raffle.isError && status === 404)) {
    return (
      <section className="page container">
        <EmptyState title="Raffle Not Found" text="The raffle you're looking for doesn't exist." level={1}>
          {back}
        </EmptyState>
      </section>
    );
  }
  if (raffle.isLoading || (!raffle.data && !raffle.isError)) {
    return (
      <section className="page container">
        {back}
        <p className="raffles-loading">Loading raffle...</p>
      </section>
    );
  }
  if (!raffle.data) {
    return (
      <section className="page container">
        {back}
        <EmptyState title="Failed to load raffle" text="Please try again in a moment." />
      </section>
    );
  }

  const r = raffle.data;
  return (
    <section className="page container raffle-detail">
      {back}
      <div className={r.image ? 'card raffle-detail__hero raffle-detail__hero--image' : 'card raffle-detail__hero'}>
        {r.image && <img className="raffle-detail__image" src={r.image} alt="" />}
        <div>
          <div className="raffle-card__head">
            <h1 className="page-title">{r.title}</h1>
            <RaffleStatusBadge raffle={r} detail />
          </div>
          {r.description && <p className="raffle-detail__description">{r.description}</p>}
          {r.prize_description && <p className="raffle-detail__prize">Prize: {r.prize_description}</p>}
        </div>
      </div>
      <RaffleWinners raffle={r} />
      {/* The Enter card comes first in the page's order, so a phone (one column) shows it right under the raffle. */}
      <div className="raffle-detail__grid">
        <aside className="raffle-detail__side">
          <RaffleEntryActions raffle={r} />
          <RaffleStats raffle={r} />
          <RaffleEntryMethods raffle={r} />
        </aside>
        <div className="raffle-detail__main">
          <RaffleEntriesList raffle={r} onRefresh={() => void raffle.refetch()} refreshing={raffle.isFetching} />
          {r.has_ended && <RaffleVerifyPanel raffle={r} />}
        </div>
      </div>
    </section>
  );
}
