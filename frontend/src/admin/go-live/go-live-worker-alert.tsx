import type { WorkerStatus } from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { formatRelativeTime } from '../../lib/format';

const workerStatusApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWorkerStatus: build.query<WorkerStatus, void>({ query: () => '/api/admin/worker-status' }),
  }),
});

/** Polled, not pushed: the pushes come from the worker, so a stopped worker could never announce itself. */
const POLL_MS = 30_000;

/** Says so on Go live when no worker has beaten for a minute: draws, redemptions, XP and Kick upkeep wait until one runs. */
export function WorkerAlert() {
  const { data } = workerStatusApi.useGetWorkerStatusQuery(undefined, { pollingInterval: POLL_MS });
  if (!data || data.status === 'up') return null;
  const seen = data.last_beat_at ? `last reported ${formatRelativeTime(data.last_beat_at)}` : 'has not reported yet';
  return (
    <p role="alert" className="admin-status" data-testid="worker-alert">
      The background worker {seen}: draws, redemptions, XP and Kick upkeep wait until it runs again.
    </p>
  );
}
