import type { RaceSummary } from '@kickback/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { RaceCard } from '../components/race-card';
import { useGetRacesQuery } from '../races-api';
import '../races.css';

function RaceSection({ title, races }: { title: string; races: RaceSummary[] }) {
  if (races.length === 0) return null;
  return (
    <section className="race-section" aria-label={title}>
      <h2>{title}</h2>
      <div className="race-grid">
        {races.map((race) => (
          <RaceCard key={race.id} race={race} />
        ))}
      </div>
    </section>
  );
}

export default function RacesPage() {
  const list = useGetRacesQuery();
  const data = list.data;
  const none = data && data.live.length + data.upcoming.length + data.finished.length === 0;
  return (
    <section className="page container races-page">
      <PageHeading title="Wager Races" lead="Short races with their own prizes: wager under the code inside the window to climb." />
      {list.isLoading && <p role="status">Loading races...</p>}
      {list.isError && (
        <EmptyState title="Races Unavailable" text="The races could not be loaded. Please try again in a moment.">
          <button type="button" className="button button--ghost" onClick={() => void list.refetch()} disabled={list.isFetching}>
            Try again
          </button>
        </EmptyState>
      )}
      {none && <EmptyState title="No Races Yet" text="Check back soon for the next wager race!" />}
      {data && (
        <>
          <RaceSection title="Live" races={data.live} />
          <RaceSection title="Upcoming" races={data.upcoming} />
          <RaceSection title="Finished" races={data.finished} />
        </>
      )}
    </section>
  );
}
