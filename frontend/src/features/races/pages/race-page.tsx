import { useParams } from 'react-router-dom';
import { racePrizeLabel } from '@kickback/contracts';
import { Countdown } from '../../../components/ui/countdown';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { errorStatus } from '../../../lib/api-error';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { RaceStandings } from '../components/race-standings';
import { useGetRaceQuery } from '../races-api';
import '../races.css';

const ORDINAL = ['1st', '2nd', '3rd'];
const place = (i: number) => ORDINAL[i] ?? `${i + 1}th`;

export default function RacePage() {
  const id = Number(useParams().id);
  const query = useGetRaceQuery(id, { skip: !Number.isSafeInteger(id) || id < 1 });
  const detail = query.data;
  if (query.isLoading) return <p role="status">Loading race...</p>;
  // A failed read is not a missing race: say so and offer another read, rather than "not found".
  if (!detail && query.isError && errorStatus(query.error) !== 404)
    return (
      <section className="page container">
        <EmptyState title="Race Unavailable" text="The race could not be loaded. Please try again in a moment.">
          <button type="button" className="button button--ghost" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try again
          </button>
        </EmptyState>
      </section>
    );
  if (!detail)
    return (
      <section className="page container">
        <EmptyState title="Race Not Found" text="This race does not exist or is no longer shown." />
      </section>
    );
  const { race } = detail;
  return (
    <section className="page container race-page">
      <PageHeading
        title={race.title}
        lead={`${race.platform.name} · ${formatDateTime(race.starts_at)} – ${formatDateTime(race.ends_at)}`}
      />
      <div className="race-page__top">
        <div className="card race-clock">
          {race.status === 'upcoming' && <Countdown endMs={race.startTimestamp} label="Starts in" />}
          {race.status === 'live' && <Countdown endMs={race.endTimestamp} label="Ends in" />}
          {race.status === 'finished' && <p className="race-status race-status--finished">Finished: final standings</p>}
          {race.last_updated && <p className="race-muted">Updated {formatDateTime(race.last_updated)}</p>}
        </div>
        {detail.me && (
          <div className="card race-me" data-testid="race-me">
            Your place: <strong>#{detail.me.rank}</strong> as {detail.me.username} with{' '}
            {formatAmount(detail.me.wagered, race.currency_symbol)}
          </div>
        )}
      </div>
      <div className="race-page__body">
        <section className="card" aria-label="Standings">
          <h2>Standings</h2>
          <RaceStandings standings={detail.standings} currencySymbol={race.currency_symbol} />
        </section>
        <aside className="race-page__side">
          <section className="card" aria-label="Prizes">
            <h2>Prizes</h2>
            <ol className="race-ladder">
              {race.prizes.map((prize, i) => (
                <li key={i}>
                  <span>{place(i)}</span> {racePrizeLabel(prize, race.currency_symbol)}
                </li>
              ))}
            </ol>
          </section>
          <section className="card" aria-label="Rules">
            <h2>Rules</h2>
            <ul className="race-notes">
              {race.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
            {race.rules && <p className="race-rules">{race.rules}</p>}
          </section>
        </aside>
      </div>
    </section>
  );
}
