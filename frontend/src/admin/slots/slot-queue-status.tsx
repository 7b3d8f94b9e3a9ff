import { formatCount } from '../../lib/format';
import { QueryLines } from '../kit/rows';

/** The slot-request queue loading, failed or empty, in the same words on Go live and on the Slot Requests screen. */
export function SlotQueueStatus({ isLoading, isError, size }: { isLoading: boolean; isError: boolean; size: number }) {
  return (
    <QueryLines
      query={{ isLoading, isError }}
      nothing={size === 0}
      texts={{ loading: 'Loading requests...', error: 'Failed to load requests.', empty: 'No slot requested yet.' }}
    />
  );
}

/** The queue's state in one line, on Go live and the Slot Requests screen alike. */
export const slotQueueSummary = (open: boolean, size: number): string =>
  `${open ? 'Requests are open' : 'Requests are closed'}; ${formatCount(size, 'request')} in the queue.`;
