import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { formatCount } from '../../lib/format';
import { selectCurrentUser } from '../../lib/session-slice';
import { useGetPayoutsOverdueQuery } from '../payouts/admin-payouts-api';

/** Polled: a payout becomes overdue by the clock alone, with no change to push. */
const POLL_MS = 60_000;

/**
 * Says so on Go live when prizes have waited in one status longer than the streamer promised, with a way to the queue
 * for admins (moderators see the count too, but the queue is the admins').
 */
export function PayoutsOverdueAlert() {
  const isAdmin = useAppSelector(selectCurrentUser)?.role === 'Admin';
  const { data } = useGetPayoutsOverdueQuery(undefined, { pollingInterval: POLL_MS });
  if (!data?.overdue) return null;
  return (
    <p role="alert" className="admin-status" data-testid="payouts-overdue-alert">
      {formatCount(data.overdue, 'payout', 'payouts')} waited longer than the {data.promise_hours} hours you promised.
      {isAdmin && (
        <>
          {' '}
          <Link to="/payouts?age=overdue&status=all">Open the payouts queue</Link>
        </>
      )}
    </p>
  );
}
