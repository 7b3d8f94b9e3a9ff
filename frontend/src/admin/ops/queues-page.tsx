import { useState } from 'react';
import { formatRelativeTime } from '../../lib/format';
import { useGetFailedJobsQuery, useGetQueuesQuery, useRetryJobMutation } from './admin-queues-api';
import { DataTable } from '../../components/ui/data-table';
import { SmallButton } from '../kit/rows';

const STATES = ['wait', 'active', 'delayed', 'failed', 'completed'] as const;

function FailedJobs({ queue }: { queue: string }) {
  const { data, isFetching, isError } = useGetFailedJobsQuery(queue);
  const [retry, { isLoading: retrying }] = useRetryJobMutation();
  if (isError)
    return (
      <p role="alert" className="admin-status">
        Failed to load the failed jobs.
      </p>
    );
  if (!data)
    return (
      <p role="status" className="admin-status">
        Loading failed jobs...
      </p>
    );
  if (data.length === 0) return <p className="admin-status">No failed jobs in {queue}.</p>;
  return (
    <DataTable caption={`Failed jobs in ${queue}`} columns={['Job', 'Reason', 'Attempts', 'Failed', 'Action']} busy={isFetching}>
      {data.map((job) => (
        <tr key={job.id}>
          <td>
            <code>{job.name}</code> <span className="field-hint">#{job.id}</span>
          </td>
          <td>{job.failed_reason}</td>
          <td>{job.attempts_made}</td>
          <td>{job.failed_at ? formatRelativeTime(job.failed_at) : '—'}</td>
          <td>
            <SmallButton tone="plain" disabled={retrying} onClick={() => void retry({ queue, id: job.id })}>
              Retry
            </SmallButton>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Queue depth per state and the failed jobs of one queue, for operators during a stream. */
export default function QueuesPage() {
  const { data, isError, refetch, isFetching } = useGetQueuesQuery(undefined, { pollingInterval: 5000 });
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Background Jobs</h1>
        <p className="field-hint">
          Work the worker does after each change: live pushes, draws, scoring, leaderboard refreshes. Refreshes every 5 seconds.
        </p>
      </header>
      {isError && (
        <p role="alert" className="admin-status">
          Failed to load the queues.{' '}
          <SmallButton tone="plain" onClick={() => void refetch()}>
            Try again
          </SmallButton>
        </p>
      )}
      {!data && !isError && (
        <p role="status" className="admin-status">
          Loading queues...
        </p>
      )}
      {data && (
        <DataTable
          caption="Jobs per queue and state"
          columns={['Queue', ...STATES.map((s) => s[0].toUpperCase() + s.slice(1)), 'Failed jobs']}
          busy={isFetching}
        >
          {data.map((q) => (
            <tr key={q.name}>
              <td>
                <code>{q.name}</code>
              </td>
              {STATES.map((s) => (
                <td key={s}>{q.counts[s] ?? 0}</td>
              ))}
              <td>
                <SmallButton tone="plain" onClick={() => setSelected(q.name)} pressed={selected === q.name}>
                  Show
                </SmallButton>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {selected && (
        <section aria-label={`Failed jobs in ${selected}`}>
          <h2>Failed jobs in {selected}</h2>
          <FailedJobs queue={selected} />
        </section>
      )}
    </div>
  );
}
