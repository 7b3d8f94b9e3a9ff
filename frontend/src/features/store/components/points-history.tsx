import { useState } from 'react';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useGetPointsHistoryQuery } from '../store-api';
import { reasonLabel } from '../store-options';
import { Pager } from '../../../components/ui/pager';
import { ScrollingList } from '../../../components/ui/scrolling-list';
import { NoCashValue } from '../../../components/ui/offer-notice';

/** The member's own ledger: every change of their points, newest first. */
export function PointsHistory() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching } = useGetPointsHistoryQuery(page);
  return (
    <section className="card store-list" aria-labelledby="points-history-title">
      <h2 id="points-history-title">Points History</h2>
      <NoCashValue />
      {isLoading && <p className="store-list__empty">Loading...</p>}
      {isError && <p className="store-list__empty">Failed to load points history.</p>}
      {data && data.entries.length === 0 && <p className="store-list__empty">No points activity yet.</p>}
      {data && data.entries.length > 0 && (
        <>
          <ScrollingList className="store-list__items" labelledBy="points-history-title" aria-busy={isFetching}>
            {data.entries.map((entry) => (
              <li key={entry.id} className="store-list__row">
                <div className="store-list__main">
                  <span className="store-list__name">{reasonLabel(entry.reason)}</span>
                  <span className="store-list__meta">
                    {formatDateTime(entry.created_at)}
                    {entry.note ? ` · ${entry.note}` : ''}
                  </span>
                </div>
                <span className={entry.delta > 0 ? 'points-delta points-delta--plus' : 'points-delta points-delta--minus'}>
                  {entry.delta > 0 ? '+' : '-'}
                  {formatNumber(Math.abs(entry.delta))}
                </span>
              </li>
            ))}
          </ScrollingList>
          <Pager label="Points history pages" page={page} lastPage={data.pagination.last_page} onPage={setPage} />
        </>
      )}
    </section>
  );
}
