import type { ActivityOverview } from '@kickback/contracts';
import { DataTable } from '../../components/ui/data-table';
import { useAdminAction } from '../kit/use-admin-crud';
import { useResubscribeMutation } from './admin-activity-api';
import { formatDateTime } from './activity-format';

type Props = Pick<ActivityOverview, 'subscriptions' | 'subscriptions_enabled' | 'kick_events' | 'delivery_warning' | 'live_poll_warning'>;

/**
 * Kick's view of each event: whether Kick listed our subscription at the last reconcile (the worker runs it every
 * few minutes), the deliveries it brought, and the ones we refused. Reconcile now runs the same job at once.
 */
export function ActivitySubscriptions({
  subscriptions,
  subscriptions_enabled: enabled,
  kick_events: events,
  delivery_warning: warning,
  live_poll_warning: pollWarning,
}: Props) {
  const [resubscribe, state] = useResubscribeMutation();
  const run = useAdminAction();
  const byEvent = new Map(subscriptions.map((s) => [s.event, s]));
  const checkedAt = subscriptions.map((s) => s.checked_at).reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null);
  return (
    <section aria-labelledby="activity-subscriptions">
      <h2 id="activity-subscriptions">Kick event subscriptions</h2>
      {warning && (
        <p role="alert" className="admin-status">
          {warning}
        </p>
      )}
      {pollWarning && (
        <p role="alert" className="admin-status" data-testid="activity-live-poll-warning">
          {pollWarning}
        </p>
      )}
      {!enabled && (
        <p className="field-hint">
          Subscriptions are off on this server (KICK_EVENTS_SUBSCRIBE). Set the broadcaster id below and turn them on.
        </p>
      )}
      <p className="field-hint">Kick&apos;s list last read: {formatDateTime(checkedAt)}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={state.isLoading}
        onClick={() => void run(() => resubscribe().unwrap(), 'Kick subscriptions reconciled.', 'Failed to reconcile with Kick.')}
      >
        {state.isLoading ? 'Reconciling...' : 'Reconcile now'}
      </button>
      <DataTable
        caption="Kick event subscriptions"
        columns={['Event', 'Subscribed per Kick', 'Last delivery', 'Deliveries (1 h)', 'Refused (1 h)', 'Subscription id']}
      >
        {events.map((health) => {
          const sub = byEvent.get(health.event);
          return (
            <tr key={health.event}>
              <th scope="row">{health.event}</th>
              <td>{health.subscribed ? 'Yes' : sub?.error ? `No: ${sub.error}` : 'No'}</td>
              <td>{formatDateTime(health.last_delivery_at)}</td>
              <td>{health.deliveries_last_hour.toLocaleString('en-US')}</td>
              <td>{health.failures_last_hour.toLocaleString('en-US')}</td>
              <td>
                <code>{sub?.subscription_id ?? '—'}</code>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
