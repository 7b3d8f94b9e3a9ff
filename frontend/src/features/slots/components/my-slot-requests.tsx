import { useId } from 'react';
import type { MySlotRequest } from '@kickback/contracts';
import { formatAmount, formatCount, formatRelativeTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useGetMySlotRequestsQuery } from '../slots-api';
import { TableHead } from '../../../components/ui/table-head';

const STATUS_TEXT: Record<MySlotRequest['status'], string> = {
  queued: 'In the queue',
  played: 'Played',
  skipped: 'Skipped',
  cleared: 'Queue cleared',
};

/** Where a request stands: its place while queued, else what became of it (with the result the streamer recorded). */
const standing = (request: MySlotRequest) => {
  if (request.status === 'queued' && request.place !== null) return `#${request.place} in the queue`;
  if (request.status === 'played' && request.bet !== null && request.win !== null)
    return `Played: ${formatAmount(request.bet)} bet, ${formatAmount(request.win)} won`;
  return STATUS_TEXT[request.status];
};

/** What the request cost the member, and whether it came back (skipped and cleared requests are refunded). */
const cost = (request: MySlotRequest) => {
  if (request.points === 0) return 'Free';
  return request.refunded ? `${formatCount(request.points, 'point')} (refunded)` : formatCount(request.points, 'point');
};

/** A member's own requests, newest first: their place in the queue while waiting (live), and their history. */
export function MySlotRequests() {
  const user = useCurrentUser();
  if (!user) return null;
  return <MyRequestsList />;
}

function MyRequestsList() {
  const { data, isLoading, isError } = useGetMySlotRequestsQuery();
  const headingId = useId();
  return (
    <section className="card slot-request" aria-labelledby={headingId}>
      <h2 id={headingId}>My requests</h2>
      {isLoading && <p role="status">Loading your requests...</p>}
      {isError && <p role="alert">Failed to load your requests.</p>}
      {data && data.length === 0 && <p>You have not requested a slot yet.</p>}
      {data && data.length > 0 && (
        <div className="slots__table-wrap" role="region" aria-label="My requests table" tabIndex={0}>
          <table className="table">
            <caption className="visually-hidden">My slot requests, newest first</caption>
            <TableHead columns={['Slot', 'Status', 'Points', 'Requested']} />
            <tbody>
              {data.map((request) => (
                <tr key={request.request_id}>
                  <th scope="row">
                    {request.slot.name} <span className="field-hint">{request.slot.provider}</span>
                  </th>
                  <td>{standing(request)}</td>
                  <td>{cost(request)}</td>
                  <td>{formatRelativeTime(request.requested_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
