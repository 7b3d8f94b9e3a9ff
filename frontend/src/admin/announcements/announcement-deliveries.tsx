import type { AnnouncementDelivery, AnnouncementHook } from '@kickback/contracts';
import { formatDateTime } from '../../lib/format';
import { useGetAnnouncementDeliveriesQuery } from './admin-announcements-api';
import { LogPanel } from '../kit/log-panel';

const STATUS_LABELS: Record<AnnouncementDelivery['status'], string> = {
  pending: 'Queued',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

const attemptsText = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** A hook's last deliveries, newest first; each attempt the worker makes arrives as a push. */
export function AnnouncementDeliveries({ hook }: { hook: AnnouncementHook }) {
  return (
    <LogPanel<AnnouncementDelivery>
      label={`Delivery log of ${hook.name}`}
      title={`Delivery log: ${hook.name}`}
      query={useGetAnnouncementDeliveriesQuery(hook.id)}
      texts={{
        loading: 'Loading deliveries...',
        error: 'Failed to load the delivery log.',
        empty: 'Nothing sent yet. Use Send test to try the hook.',
      }}
      columns={[
        { header: 'When', cell: (d) => formatDateTime(d.created_at) },
        { header: 'Announcement', cell: (d) => d.title },
        { header: 'Status', cell: (d) => `${STATUS_LABELS[d.status]} (${attemptsText(d.attempts)})` },
        {
          header: 'Answer',
          cell: (d) => (d.last_error ? <span className="field-error">{d.last_error}</span> : d.last_status ? `HTTP ${d.last_status}` : '—'),
        },
      ]}
    />
  );
}
