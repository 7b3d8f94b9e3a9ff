import { formatDateTime } from '../../lib/format';
import { useGetLeaderboardFetchesQuery } from './admin-leaderboard-api';
import { SmallButton } from '../kit/rows';

/** The last fetches of one platform with their errors, newest first. */
export function LeaderboardFetchHistory({ platformId, name }: { platformId: number; name: string }) {
  const { data = [], isLoading, isError, refetch, isFetching } = useGetLeaderboardFetchesQuery(platformId, { pollingInterval: 30_000 });
  return (
    <section className="card admin-form" aria-label={`Fetch history of ${name}`}>
      <div className="admin-page__header">
        <h2>Fetch history</h2>
        <SmallButton onClick={() => refetch()} disabled={isFetching}>
          Refresh
        </SmallButton>
      </div>
      {isLoading && <p role="status">Loading fetch history...</p>}
      {isError && <p role="alert">Failed to load the fetch history.</p>}
      {!isLoading && data.length === 0 && <p className="admin-status">No fetches yet.</p>}
      {data.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Trigger</th>
              <th scope="col">Result</th>
              <th scope="col">Players</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {data.map((f) => (
              <tr key={f.id}>
                <td>{formatDateTime(f.started_at)}</td>
                <td>{f.trigger}</td>
                <td>{f.ok ? 'OK' : <span className="field-error">{f.error}</span>}</td>
                <td>{f.entry_count ?? '—'}</td>
                <td>{f.duration_ms} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
