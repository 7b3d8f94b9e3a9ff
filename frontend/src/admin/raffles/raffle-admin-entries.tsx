import { useState } from 'react';
import type { AdminRaffle } from '@kickback/contracts';
import { Pager } from '../../components/ui/pager';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useGetAdminRaffleEntriesQuery } from './admin-raffles-api';

/** Live entries of one raffle, newest first, a page at a time: the room's pushes put new rows on top of page 1. */
export function RaffleAdminEntries({ raffle, onClose }: { raffle: AdminRaffle; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const { data: list, isLoading, isError, refetch } = useGetAdminRaffleEntriesQuery({ id: raffle.id, page });
  const data = list?.data ?? [];
  return (
    <section className="card admin-form" aria-label={`Entries of ${raffle.title}`}>
      <header className="admin-page__header">
        <h2>
          Entries of {raffle.title}: {formatNumber(list?.pagination.total ?? 0)} rows, {formatNumber(list?.tickets_total ?? 0)} tickets
        </h2>
        <div>
          <button type="button" className="button button--ghost button--small" onClick={() => void refetch()}>
            Refresh
          </button>{' '}
          <button type="button" className="button button--ghost button--small" onClick={onClose}>
            Close
          </button>
        </div>
      </header>
      {isLoading && <p role="status">Loading entries...</p>}
      {isError && <p role="alert">Failed to load entries.</p>}
      {!isLoading && data.length === 0 && <p>No entries yet</p>}
      {data.length > 0 && (
        <div style={{ maxHeight: 420, overflowY: 'auto' }}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Member</th>
                <th scope="col">Type</th>
                <th scope="col">Tickets</th>
                <th scope="col">Points</th>
                <th scope="col">Entered</th>
              </tr>
            </thead>
            <tbody>
              {data.map((e) => (
                <tr key={e.id}>
                  <td>{e.id}</td>
                  <td>{e.user.kick_username || e.user.username}</td>
                  <td>{e.entry_type}</td>
                  <td>{formatNumber(e.tickets)}</td>
                  <td>{formatNumber(e.points_spent)}</td>
                  <td>{formatDateTime(e.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && <Pager label="Entry pages" page={page} lastPage={list.pagination.last_page} onPage={setPage} />}
    </section>
  );
}
