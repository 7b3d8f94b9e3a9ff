import type { LeaderboardFetchRecord } from '@kickback/contracts';
import { formatDateTime } from '../../lib/format';
import { LogPanel } from '../kit/log-panel';
import { useGetLeaderboardFetchesQuery } from './admin-leaderboard-api';

/** The last fetches of one platform with their errors, newest first. */
export function LeaderboardFetchHistory({ platformId, name }: { platformId: number; name: string }) {
  return (
    <LogPanel<LeaderboardFetchRecord>
      label={`Fetch history of ${name}`}
      title="Fetch history"
      query={useGetLeaderboardFetchesQuery(platformId, { pollingInterval: 30_000 })}
      texts={{ loading: 'Loading fetch history...', error: 'Failed to load the fetch history.', empty: 'No fetches yet.' }}
      columns={[
        { header: 'When', cell: (f) => formatDateTime(f.started_at) },
        { header: 'Trigger', cell: (f) => f.trigger },
        { header: 'Result', cell: (f) => (f.ok ? 'OK' : <span className="field-error">{f.error}</span>) },
        { header: 'Players', cell: (f) => f.entry_count ?? '—' },
        { header: 'Time', cell: (f) => `${f.duration_ms} ms` },
      ]}
    />
  );
}
