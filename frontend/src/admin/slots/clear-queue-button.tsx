import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatCount } from '../../lib/format';
import { useAdminAction } from '../kit/use-admin-crud';
import { useClearSlotRequestsMutation, type AdminSlotRequestQueue } from './admin-slot-requests-api';

/** Shared by the Slot Requests screen and Go live, so that either shows a clear in progress and disables what it must. */
export const CLEAR_QUEUE_CACHE_KEY = 'slot-requests-clear';

/**
 * "Clear queue" and the confirmation it asks first (Slot Requests and Go live alike): how many requests go and how many
 * points go back to the requesters.
 */
export function ClearQueueButton({
  refund,
  disabled,
  hidden,
}: {
  refund: AdminSlotRequestQueue['refund'];
  disabled?: boolean;
  /** Go live shows no button for an empty queue; a confirmation already open stays until answered. */
  hidden?: boolean;
}) {
  const [clear, clearing] = useClearSlotRequestsMutation({ fixedCacheKey: CLEAR_QUEUE_CACHE_KEY });
  const [confirming, setConfirming] = useState(false);
  const act = useAdminAction();
  return (
    <>
      {!hidden && (
        <button
          type="button"
          className="button button--danger"
          disabled={disabled || clearing.isLoading}
          onClick={() => setConfirming(true)}
        >
          Clear queue
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title="Clear the queue?"
          message={`${formatCount(refund.requests, 'request')} will be removed and ${formatCount(refund.points, 'point')} refunded to the requesters.`}
          confirmLabel="Clear queue"
          busy={clearing.isLoading}
          onConfirm={() => void act(() => clear().unwrap(), 'Queue cleared', 'Failed to clear the queue').then(() => setConfirming(false))}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
