import type { AnnouncementDelivery, AnnouncementHook } from '@kickback/contracts';
import { formatDateTime } from '../../lib/format';
import { useGetAnnouncementDeliveriesQuery } from './admin-announcements-api';
import { SmallButton } from '../kit/rows';

const STATUS_LABELS: Record<AnnouncementDelivery['status'], string> = {
  pending: 'Queued',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

const attemptsText = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** A hook's last deliveries, newest first; each attempt the worker makes arrives as a push. */
export function AnnouncementDeliveries({ hook }: { hook: AnnouncementHook }) {
  const { data = [], isLoading, isError, refetch, isFetching } = useGetAnnouncementDeliveriesQuery(hook.id);
  return (
    <section className="card admin-form" aria-label={`Delivery log of ${hook.name}`}>
      <div className="admin-page__header">
        <h2>Delivery log: {hook.name}</h2>
        <SmallButton onClick={() => refetch()} disabled={isFetching}>
          Refresh
        </SmallButton>
      </div>
      {isLoading && <p role="status">Loading deliveries...</p>}
      {isError && <p role="alert">Failed to load the delivery log.</p>}
      {!isLoading && !isError && data.length === 0 && <p className="admin-status">Nothing sent yet. Use Send test to try the hook.</p>}
      {data.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Announcement</th>
              <th scope="col">Status</th>
              <th scope="col">Answer</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.id}>
                <td>{formatDateTime(d.created_at)}</td>
                <td>{d.title}</td>
                <td>
                  {STATUS_LABELS[d.status]} ({attemptsText(d.attempts)})
                </td>
                <td>
                  {d.last_error ? <span className="field-error">{d.last_error}</span> : d.last_status ? `HTTP ${d.last_status}` : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
