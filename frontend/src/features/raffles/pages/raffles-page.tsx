import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { TabList } from '../../../components/ui/tab-list';
import { useToast } from '../../../lib/use-toast';
import { RaffleCard } from '../components/raffle-card';
import { useGetRafflesQuery } from '../raffles-api';
import '../raffles.css';

const TABS = [
  { id: 'active', label: 'Active Raffles' },
  { id: 'ended', label: 'Ended Raffles' },
] as const;
type Tab = (typeof TABS)[number]['id'];

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
      <TabList name="raffle" label="Raffles" tabs={TABS} selected={tab} onSelect={setTab} panel="none" tabClass="raffle-tab" />
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
