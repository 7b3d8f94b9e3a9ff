import { useState } from 'react';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useGetPointsHistoryQuery } from '../store-api';
import { reasonLabel } from '../store-options';

/** The member's own ledger: every change of their points, newest first. */
export function PointsHistory() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching } = useGetPointsHistoryQuery(page);
  return (
    <section className="card store-list" aria-labelledby="points-history-title">
      <h2 id="points-history-title">Points History</h2>
      {isLoading && <p className="store-list__empty">Loading...</p>}
      {isError && <p className="store-list__empty">Failed to load points history.</p>}
      {data && data.entries.length === 0 && <p className="store-list__empty">No points activity yet.</p>}
      {data && data.entries.length > 0 && (
        <>
          <ul className="store-list__items" aria-busy={isFetching}>
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
          </ul>
          {data.pagination.last_page > 1 && (
            <div className="store-pager">
              <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {data.pagination.current_page} of {data.pagination.last_page}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={page >= data.pagination.last_page}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
