import { Link } from 'react-router-dom';
import type { TournamentListItem } from '@kickback/contracts';
import { formatNumber } from '../../../lib/format';
import { cardLinkLabel, statusLabel } from '../tournament-view';
import { FactList } from '../../../components/ui/fact-list';

export function TournamentCard({ tournament: t }: { tournament: TournamentListItem }) {
  return (
    <article className="card tournament-card" data-testid={`tournament-card-${t.id}`}>
      <header className="tournament-card__head">
        <div>
          <h2 className="tournament-card__name">{t.name}</h2>
          <p className="tournament-muted">{t.size} Slot Tournament</p>
        </div>
        <div className="tournament-badges">
          <span className={t.is_active ? 'tournament-badge tournament-badge--active' : 'tournament-badge'}>{statusLabel(t)}</span>
          {t.predictions_active && <span className="tournament-badge tournament-badge--open">Predictions Open</span>}
        </div>
      </header>
      {t.winner && (
        <div className="tournament-winner" data-testid="tournament-winner">
          <span className="tournament-muted">Winner</span>
          <strong>{t.winner}</strong>
        </div>
      )}
      <FactList
        className="tournament-card__stats"
        facts={[
          { label: 'Matches', value: formatNumber(t.matches_count) },
          { label: 'Predictions', value: formatNumber(t.predictions_count) },
          { label: 'Size', value: t.size },
        ]}
      />
      <div className="tournament-progress">
        <div className="tournament-progress__label">
          <span>Progress</span>
          <span>{t.progress}%</span>
        </div>
        <div
          className="tournament-progress__bar"
          role="progressbar"
          aria-label="Progress"
          aria-valuenow={t.progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${t.progress}%` }} />
        </div>
      </div>
      <Link className="button button--primary tournament-card__link" to={`/tournaments/${t.id}`}>
        {cardLinkLabel(t)}
      </Link>
    </article>
  );
}
