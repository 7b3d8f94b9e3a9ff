import { useState } from 'react';
import { defaultHuntName, type HuntOverallStats } from '@kickback/contracts';
import { formatAmount, formatMultiplier, formatNumber, formatRelativeTime } from '../../../lib/format';
import { useGetHuntHistoryQuery, useGetHuntStatsQuery } from '../bonus-hunts-api';
import { Pager } from '../../../components/ui/pager';

function OverallStatistics({ stats }: { stats: HuntOverallStats }) {
  const items = [
    { label: 'Total Hunts', value: formatNumber(stats.total_hunts) },
    { label: 'Completed', value: formatNumber(stats.completed_hunts) },
    { label: 'Active', value: formatNumber(stats.active_hunts) },
    { label: 'Total Predictions', value: formatNumber(stats.total_predictions) },
    { label: 'Avg/Hunt', value: stats.average_predictions_per_hunt.toLocaleString('en-US', { maximumFractionDigits: 2 }) },
  ];
  return (
    <section className="card hunt-overall" aria-labelledby="hunt-overall-title">
      <h2 id="hunt-overall-title" className="hunt-section-title">
        Overall Statistics
      </h2>
      <dl className="hunt-overall__grid">
        {items.map((item) => (
          <div key={item.label}>
            <dt className="hunt-tile__label">{item.label}</dt>
            <dd className="hunt-tile__value">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** SPEC §2 Previous Hunts: Overall Statistics and the Hunt History cards with a pager. */
export function PreviousHuntsTab() {
  const [page, setPage] = useState(1);
  const stats = useGetHuntStatsQuery();
  const history = useGetHuntHistoryQuery(page);
  const hunts = history.data?.data ?? [];
  return (
    <div className="hunt-previous">
      {stats.data && <OverallStatistics stats={stats.data} />}
      <section aria-labelledby="hunt-history-title">
        <h2 id="hunt-history-title" className="hunt-section-title">
          Hunt History
        </h2>
        {history.isLoading ? (
          <p role="status" className="hunt-muted">
            Loading hunts...
          </p>
        ) : hunts.length === 0 ? (
          <p className="card hunt-muted">No previous hunts found</p>
        ) : (
          <ul className="hunt-history">
            {hunts.map((hunt) => (
              <li key={hunt.id} className="card hunt-history__card" data-testid="hunt-history-card">
                <header className="hunt-history__header">
                  <h3>Hunt #{hunt.id}</h3>
                  {hunt.name !== defaultHuntName(hunt.id) && <span className="hunt-history__name">{hunt.name}</span>}
                  <span className="hunt-muted">{formatRelativeTime(hunt.completed_at ?? hunt.created_at)}</span>
                  <span className="hunt-muted">
                    {formatNumber(hunt.predictions_count)} prediction{hunt.predictions_count === 1 ? '' : 's'}
                  </span>
                </header>
                <dl className="hunt-history__numbers">
                  <div>
                    <dt>Start Balance</dt>
                    <dd>{formatAmount(hunt.statistics.starting_balance)}</dd>
                  </div>
                  <div>
                    <dt>Winnings</dt>
                    <dd>{formatAmount(hunt.statistics.winnings)}</dd>
                  </div>
                  <div>
                    <dt>Avg Multiplier</dt>
                    <dd>{formatMultiplier(hunt.statistics.average_multiplier)}</dd>
                  </div>
                  <div>
                    <dt>Biggest Win</dt>
                    <dd>{formatAmount(hunt.statistics.biggest_win)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} lastPage={history.data?.pagination.last_page ?? 1} onPage={setPage} label="Hunt history pages" />
      </section>
    </div>
  );
}
