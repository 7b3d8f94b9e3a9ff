import { Link } from 'react-router-dom';
import { formatCount } from '../../lib/format';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../lib/session-slice';
import { useGetAdminSlotRequestsQuery } from '../slots/admin-slot-requests-api';
import { ClearQueueButton } from '../slots/clear-queue-button';
import { SlotRequestRow } from './go-live-slot-request-row';
import { SlotQueueStatus, slotQueueSummary } from '../slots/slot-queue-status';

/** The requests the panel lists; the whole queue is in Slot Requests. */
const SHOWN = 5;

/** Viewers' slot requests worked on stream: next up first, played (with its bet and win if recorded), skipped or all cleared. */
export function SlotRequestsPanel() {
  const { data, isLoading, isError } = useGetAdminSlotRequestsQuery();
  // Slot Requests (the whole queue and its rules) is an admin section; a moderator works the queue from here.
  const isAdmin = useAppSelector(selectCurrentUser)?.role === 'Admin';
  const queue = data?.queue ?? [];
  return (
    <section className="card go-live__panel" aria-labelledby="go-live-slot-requests">
      <h2 id="go-live-slot-requests">Slot requests</h2>
      {data && (
        <p className="field-hint" data-testid="go-live-slot-requests-summary">
          {slotQueueSummary(data.open, queue.length)}
        </p>
      )}
      <SlotQueueStatus isLoading={isLoading} isError={isError} size={queue.length} />
      {queue.length > 0 && (
        <ol className="go-live__requests" aria-label="Slot requests, next up first">
          {queue.slice(0, SHOWN).map((entry) => (
            <SlotRequestRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <div className="go-live__contest-actions">
        {queue.length > SHOWN && <span className="field-hint">{formatCount(queue.length - SHOWN, 'more request')} waiting.</span>}
        {isAdmin && (
          <Link to="/slot-requests" className="button button--ghost">
            All requests
          </Link>
        )}
        {data && <ClearQueueButton refund={data.refund} hidden={queue.length === 0} />}
      </div>
    </section>
  );
}
