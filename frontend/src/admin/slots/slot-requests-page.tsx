import { DataTable } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { formatRelativeTime } from '../../lib/format';
import { useAdminAction } from '../kit/use-admin-crud';
import { SlotRequestRulesForm } from './slot-request-rules-form';
import {
  useClearSlotRequestsMutation,
  useGetAdminSlotRequestsQuery,
  usePlayedSlotRequestMutation,
  useSkipSlotRequestMutation,
  useUpdateSlotRequestSettingsMutation,
} from './admin-slot-requests-api';
import { CLEAR_QUEUE_CACHE_KEY, ClearQueueButton } from './clear-queue-button';
import { SlotQueueStatus, slotQueueSummary } from './slot-queue-status';
import { SmallButton } from '../kit/rows';

/** The viewers' slot requests as the streamer works them on stream: next up first, played, skipped (refunded) or cleared. */
export default function SlotRequestsPage() {
  const { data, isLoading, isError } = useGetAdminSlotRequestsQuery();
  const [played, playing] = usePlayedSlotRequestMutation();
  const [skip, skipping] = useSkipSlotRequestMutation();
  // The clear's own button runs it; this screen reads its state to hold the other actions meanwhile.
  const [, clearing] = useClearSlotRequestsMutation({ fixedCacheKey: CLEAR_QUEUE_CACHE_KEY });
  const [settings, saving] = useUpdateSlotRequestSettingsMutation();
  const act = useAdminAction();
  const busy = playing.isLoading || skipping.isLoading || clearing.isLoading || saving.isLoading;
  const queue = data?.queue ?? [];
  return (
    <div className="admin-page">
      <PageHeader title="Slot Requests">{data && <p className="field-hint">{slotQueueSummary(data.open, queue.length)}</p>}</PageHeader>
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
          <ClearQueueButton refund={data.refund} disabled={busy || queue.length === 0} />
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
                <SmallButton
                  tone="primary"
                  label={`Played ${entry.slot.name}`}
                  disabled={busy}
                  onClick={() => void act(() => played({ id: entry.id }).unwrap(), `${entry.slot.name} played`, 'Failed to mark as played')}
                >
                  Played
                </SmallButton>
                <SmallButton
                  label={`Skip ${entry.slot.name}`}
                  disabled={busy}
                  onClick={() => void act(() => skip(entry.id).unwrap(), `${entry.slot.name} skipped, points refunded`, 'Failed to skip')}
                >
                  Skip
                </SmallButton>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <SlotRequestRulesForm />
    </div>
  );
}
