import { useState } from 'react';
import { defaultHuntName, type HuntOverallStats } from '@kickback/contracts';
import { formatAmount, formatMultiplier, formatNumber, formatRelativeTime } from '../../../lib/format';
import { useGetHuntHistoryQuery, useGetHuntStatsQuery } from '../bonus-hunts-api';
import { Pager } from '../../../components/ui/pager';
import { FactList } from '../../../components/ui/fact-list';

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
      <FactList className="hunt-overall__grid" facts={items} termClass="hunt-tile__label" valueClass="hunt-tile__value" />
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
                <FactList
                  className="hunt-history__numbers"
                  facts={[
                    { label: 'Start Balance', value: formatAmount(hunt.statistics.starting_balance) },
                    { label: 'Winnings', value: formatAmount(hunt.statistics.winnings) },
                    { label: 'Avg Multiplier', value: formatMultiplier(hunt.statistics.average_multiplier) },
                    { label: 'Biggest Win', value: formatAmount(hunt.statistics.biggest_win) },
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} lastPage={history.data?.pagination.last_page ?? 1} onPage={setPage} label="Hunt history pages" />
      </section>
    </div>
  );
}
