import type { ActivitySubscription } from '@kickback/contracts';
import { DataTable } from '../../components/ui/data-table';
import { useAdminAction } from '../use-admin-crud';
import { useResubscribeMutation } from './admin-activity-api';
import { formatDateTime } from './activity-format';

/** Each Kick event subscription's state and the Re-subscribe action (idempotent: only missing events are added). */
export function ActivitySubscriptions({ subscriptions, enabled }: { subscriptions: ActivitySubscription[]; enabled: boolean }) {
  const [resubscribe, state] = useResubscribeMutation();
  const run = useAdminAction();
  return (
    <section aria-labelledby="activity-subscriptions">
      <h2 id="activity-subscriptions">Kick event subscriptions</h2>
      {!enabled && (
        <p className="field-hint">
          Subscriptions are off on this server (KICK_EVENTS_SUBSCRIBE). Set the broadcaster id below and turn them on.
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={state.isLoading}
        onClick={() => void run(() => resubscribe().unwrap(), 'Kick subscriptions synced.', 'Failed to re-subscribe.')}
      >
        {state.isLoading ? 'Re-subscribing...' : 'Re-subscribe'}
      </button>
      {subscriptions.length === 0 ? (
        <p className="field-hint">No subscriptions recorded yet.</p>
      ) : (
        <DataTable caption="Kick event subscriptions" columns={['Event', 'Status', 'Subscription id', 'Updated']}>
          {subscriptions.map((sub) => (
            <tr key={sub.event}>
              <th scope="row">{sub.event}</th>
              <td>{sub.error ? `${sub.status}: ${sub.error}` : sub.status}</td>
              <td>
                <code>{sub.subscription_id ?? '—'}</code>
              </td>
              <td>{formatDateTime(sub.updated_at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
