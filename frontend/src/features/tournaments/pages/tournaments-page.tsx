import { useEffect, useState } from 'react';
import type { TournamentFilter } from '@kickback/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { TabList } from '../../../components/ui/tab-list';
import { useToast } from '../../../lib/use-toast';
import { TournamentCard } from '../components/tournament-card';
import { FILTER_TABS, matchesFilter } from '../tournament-view';
import { useGetTournamentsQuery } from '../tournaments-api';
import { LoadFailed } from '../../../components/ui/load-failed';
import '../tournaments.css';

export default function TournamentsPage() {
  const [filter, setFilter] = useState<TournamentFilter>('all');
  const list = useGetTournamentsQuery();
  const toast = useToast();
  useEffect(() => {
    if (list.isError) toast.error('Failed to load tournaments');
  }, [list.isError, toast]);
  const shown = (list.data ?? []).filter((t) => matchesFilter(t, filter));

  return (
    <section className="page container">
      <PageHeading title="Tournaments" lead="Predict the winners of every slot battle in the bracket." />
      <TabList
        name="tournament"
        label="Tournament filters"
        tabs={FILTER_TABS}
        selected={filter}
        onSelect={setFilter}
        panel="none"
        look="underline"
      />
      {list.isLoading ? (
        <p role="status" className="tournament-muted">
          Loading tournaments...
        </p>
      ) : list.isError ? (
        <LoadFailed title="Failed to load tournaments" onRetry={list.refetch} busy={list.isFetching} />
      ) : shown.length === 0 ? (
        <EmptyState title="No Tournaments Found" />
      ) : (
        <div className="tournament-grid">
          {shown.map((t) => (
            <TournamentCard key={t.id} tournament={t} />
          ))}
        </div>
      )}
    </section>
  );
}
