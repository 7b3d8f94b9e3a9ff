import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { useToast } from '../../../lib/use-toast';
import { RaffleCard } from '../components/raffle-card';
import { useGetRafflesQuery } from '../raffles-api';
import '../raffles.css';

type Tab = 'active' | 'ended';

export default function RafflesPage() {
  const [tab, setTab] = useState<Tab>('active');
  const { data = [], isLoading, isError } = useGetRafflesQuery();
  const toast = useToast();
  useEffect(() => {
    if (isError) toast.error('Failed to load raffles');
  }, [isError, toast]);
  const shown = data.filter((r) => (tab === 'active' ? !r.has_ended : r.has_ended));
  return (
    <section className="page container raffles-page">
      <PageHeading title="Raffles" lead="Enter giveaways for free, with points or with a stream password." />
      <div className="raffle-tabs" role="tablist" aria-label="Raffles">
        {(['active', 'ended'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={tab === t ? 'raffle-tab raffle-tab--on' : 'raffle-tab'}
            onClick={() => setTab(t)}
          >
            {t === 'active' ? 'Active Raffles' : 'Ended Raffles'}
          </button>
        ))}
      </div>
      {isLoading ? (
        <p className="raffles-loading">Loading raffles...</p>
      ) : shown.length === 0 ? (
        tab === 'active' ? (
          <EmptyState title="No Active Raffles" text="Check back later for exciting raffles and giveaways!" />
        ) : (
          <EmptyState title="No Ended Raffles" text="No raffles have ended yet." />
        )
      ) : (
        <div className="raffle-grid" role="tabpanel">
          {shown.map((raffle) => (
            <RaffleCard key={raffle.id} raffle={raffle} />
          ))}
        </div>
      )}
    </section>
  );
}
