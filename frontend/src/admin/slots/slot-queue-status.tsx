import { QueryStatus } from '../../components/ui/query-status';
import { formatCount } from '../../lib/format';

/** The slot-request queue loading, failed or empty, in the same words on Go live and on the Slot Requests screen. */
export function SlotQueueStatus({ isLoading, isError, size }: { isLoading: boolean; isError: boolean; size: number }) {
  return (
    <QueryStatus
      isLoading={isLoading}
      isError={isError}
      isEmpty={!isLoading && !isError && size === 0}
      loadingText="Loading requests..."
      errorText="Failed to load requests."
      emptyText="No slot requested yet."
    />
  );
}

/** The queue's state in one line, on Go live and the Slot Requests screen alike. */
export const slotQueueSummary = (open: boolean, size: number): string =>
  `${open ? 'Requests are open' : 'Requests are closed'}; ${formatCount(size, 'request')} in the queue.`;
