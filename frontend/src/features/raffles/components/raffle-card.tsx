import { Link } from 'react-router-dom';
import type { Raffle } from '@kickback/contracts';
import { Countdown } from '../../../components/ui/countdown';
import { formatNumber } from '../../../lib/format';
import { entryTypesSummary } from '../raffle-logic';
import { RaffleStatusBadge } from './raffle-status-badge';
import { RaffleCardWinners } from './raffle-card-winners';
import { RaffleEntryRules } from './raffle-entry-rules';
import { FactList } from '../../../components/ui/fact-list';

/** One raffle in the list; open raffles stay in their room so the counts move live. */
export function RaffleCard({ raffle }: { raffle: Raffle }) {
  const countdownTarget = raffle.is_accepting_entries || raffle.has_ended ? raffle.end_datetime : raffle.start_datetime;
  return (
    <article className="card raffle-card" data-testid={`raffle-card-${raffle.id}`}>
      {raffle.image ? (
        <img className="raffle-card__image" src={raffle.image} alt="" loading="lazy" />
      ) : (
        <div className="raffle-card__image raffle-card__image--empty" aria-hidden="true" />
      )}
      <div className="raffle-card__body">
        <div className="raffle-card__head">
          <h2 className="raffle-card__title">{raffle.title}</h2>
          <RaffleStatusBadge raffle={raffle} />
        </div>
        {raffle.description && <p className="raffle-card__description">{raffle.description}</p>}
        <FactList
          className="raffle-card__facts"
          facts={[
            { label: 'Entries', value: formatNumber(raffle.total_entries), testId: 'raffle-card-entries' },
            { label: 'Winners', value: formatNumber(raffle.number_of_winners) },
          ]}
        />
        <div className="raffle-card__time">
          <span className="raffle-card__time-label">
            {raffle.has_ended ? 'Time left' : raffle.is_accepting_entries ? 'Time left' : 'Starts in'}
          </span>
          <Countdown endMs={Date.parse(countdownTarget)} label={`Time left for ${raffle.title}`} />
        </div>
        <ul className="raffle-card__types" aria-label="Entry types">
          {entryTypesSummary(raffle).map((type) => (
            <li key={type}>{type}</li>
          ))}
        </ul>
        <RaffleEntryRules raffle={raffle} />
        <RaffleCardWinners winners={raffle.winners} />
        <Link className="button button--primary raffle-card__link" to={`/raffles/${raffle.id}`}>
          View Details
        </Link>
      </div>
    </article>
  );
}
