import { Link } from 'react-router-dom';
import type { RaceSummary } from '@kickback/contracts';
import { racePrizeLabel } from '@kickback/contracts/race-prizes';
import { Countdown } from '../../../components/ui/countdown';
import { formatDateTime } from '../../../lib/format';

const STATUS_LABEL = { upcoming: 'Upcoming', live: 'Live', finished: 'Finished', cancelled: 'Cancelled' } as const;

/** A race in the list: its casino, status, first prize and the countdown to its start or end. */
export function RaceCard({ race }: { race: RaceSummary }) {
  const first = race.prizes[0];
  return (
    <article className="card race-card" aria-label={race.title}>
      <header className="race-card__head">
        <span className={`race-status race-status--${race.status}`}>{STATUS_LABEL[race.status]}</span>
        <span className="race-card__casino">{race.platform.name}</span>
      </header>
      <h3 className="race-card__title">
        <Link to={`/races/${race.id}`}>{race.title}</Link>
      </h3>
      {first && <p className="race-card__prize">1st: {racePrizeLabel(first, race.currency_symbol)}</p>}
      {race.status === 'upcoming' && <Countdown endMs={race.startTimestamp} label="Starts in" />}
      {race.status === 'live' && <Countdown endMs={race.endTimestamp} label="Ends in" />}
      {race.status === 'finished' && <p className="race-card__when">Ended {formatDateTime(race.ends_at)}</p>}
    </article>
  );
}
