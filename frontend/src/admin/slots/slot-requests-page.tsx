import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { formatCount, formatRelativeTime } from '../../lib/format';
import { useAdminAction } from '../kit/use-admin-crud';
import { SlotRequestRulesForm } from './slot-request-rules-form';
import {
  useClearSlotRequestsMutation,
  useGetAdminSlotRequestsQuery,
  usePlayedSlotRequestMutation,
  useSkipSlotRequestMutation,
  useUpdateSlotRequestSettingsMutation,
} from './admin-slot-requests-api';
import { clearQueueMessage } from './clear-queue-text';
import { SlotQueueStatus } from './slot-queue-status';

/** The viewers' slot requests as the streamer works them on stream: next up first, played, skipped (refunded) or cleared. */
export default function SlotRequestsPage() {
  const { data, isLoading, isError } = useGetAdminSlotRequestsQuery();
  const [played, playing] = usePlayedSlotRequestMutation();
  const [skip, skipping] = useSkipSlotRequestMutation();
  const [clear, clearing] = useClearSlotRequestsMutation();
  const [settings, saving] = useUpdateSlotRequestSettingsMutation();
  const [confirming, setConfirming] = useState(false);
  const act = useAdminAction();
  const busy = playing.isLoading || skipping.isLoading || clearing.isLoading || saving.isLoading;
  const queue = data?.queue ?? [];
  return (
    <div className="admin-page">
      <PageHeader title="Slot Requests">
        {data && (
          <p className="field-hint">
            {data.open ? 'Requests are open' : 'Requests are closed'}; {formatCount(queue.length, 'request')} in the queue.
          </p>
        )}
      </PageHeader>
      {data && (
        <div className="admin-form-actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() =>
              void act(() => settings({ open: !data.open }).unwrap(), data.open ? 'Requests closed' : 'Requests opened', 'Failed to save')
            }
          >
            {data.open ? 'Close requests' : 'Open requests'}
          </button>
          <button type="button" className="button button--danger" disabled={busy || queue.length === 0} onClick={() => setConfirming(true)}>
            Clear queue
          </button>
        </div>
      )}
      <SlotQueueStatus isLoading={isLoading} isError={isError} size={queue.length} />
      {queue.length > 0 && (
        <DataTable caption="Slot requests, next up first" columns={['#', 'Slot', 'Requested by', 'Waiting']} actions>
          {queue.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.place}</td>
              <th scope="row">
                {entry.slot.name} <span className="field-hint">{entry.slot.provider}</span>
              </th>
              <td>{entry.requesters.join(', ')}</td>
              <td>{formatRelativeTime(entry.created_at)}</td>
              <td>
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={busy}
                  aria-label={`Played ${entry.slot.name}`}
                  onClick={() => void act(() => played({ id: entry.id }).unwrap(), `${entry.slot.name} played`, 'Failed to mark as played')}
                >
                  Played
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={busy}
                  aria-label={`Skip ${entry.slot.name}`}
                  onClick={() => void act(() => skip(entry.id).unwrap(), `${entry.slot.name} skipped, points refunded`, 'Failed to skip')}
                >
                  Skip
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <SlotRequestRulesForm />
      {confirming && data && (
        <ConfirmDialog
          title="Clear the queue?"
          message={clearQueueMessage(data.refund)}
          confirmLabel="Clear queue"
          busy={clearing.isLoading}
          onConfirm={() => void act(() => clear().unwrap(), 'Queue cleared', 'Failed to clear the queue').then(() => setConfirming(false))}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
