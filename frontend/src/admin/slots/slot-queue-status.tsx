import { QueryStatus } from '../../components/ui/query-status';

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
