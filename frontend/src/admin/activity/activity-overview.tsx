import type { ActivityOverview } from '@kickback/contracts';
import { DataTable } from '../../components/ui/data-table';
import { formatDateTime } from './activity-format';

const SOURCE_LABELS: Record<string, string> = {
  chat: 'Chat',
  follow: 'Follows',
  subscription: 'Subscriptions',
  'gifted-subs': 'Gifted subs',
  kicks: 'Kicks',
  reward: 'Channel rewards',
  watch: 'Watching on the site',
};

/** Live state, today's awards by source, top earners and the recent Kick deliveries with their verification result. */
export function ActivityOverviewPanels({ overview }: { overview: ActivityOverview }) {
  const { live } = overview;
  return (
    <>
      <section className="card admin-panel" aria-labelledby="activity-live">
        <h2 id="activity-live">Stream</h2>
        <p data-testid="admin-live-state">
          {live.is_live
            ? `Live since ${formatDateTime(live.started_at)}`
            : live.ended_at
              ? `Offline — last stream ended ${formatDateTime(live.ended_at)}`
              : 'Offline'}
        </p>
        <p className="field-hint">
          Guests waiting for their account: {overview.pending.chatters} chatter(s), {overview.pending.points.toLocaleString('en-US')} points
          (credited if they log in within 30 days).
        </p>
      </section>

      <section aria-labelledby="activity-today">
        <h2 id="activity-today">Today&apos;s awards</h2>
        {overview.today_by_source.length === 0 ? (
          <p className="field-hint">No points awarded today yet.</p>
        ) : (
          <DataTable caption="Points awarded today by source" columns={['Source', 'Points', 'Awards']}>
            {overview.today_by_source.map((row) => (
              <tr key={row.source}>
                <th scope="row">{SOURCE_LABELS[row.source] ?? row.source}</th>
                <td>{row.points.toLocaleString('en-US')}</td>
                <td>{row.awards.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section aria-labelledby="activity-top">
        <h2 id="activity-top">Top earners today</h2>
        {overview.top_earners.length === 0 ? (
          <p className="field-hint">Nobody has earned points today yet.</p>
        ) : (
          <DataTable caption="Members who earned the most points today" columns={['Member', 'Points']}>
            {overview.top_earners.map((row) => (
              <tr key={row.user_id}>
                <th scope="row">{row.username}</th>
                <td>{row.points.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section aria-labelledby="activity-deliveries">
        <h2 id="activity-deliveries">Recent Kick deliveries</h2>
        {overview.deliveries.length === 0 ? (
          <p className="field-hint">No webhook deliveries received yet.</p>
        ) : (
          <DataTable caption="The latest webhook deliveries from Kick" columns={['Received', 'Event', 'Message id', 'Result']}>
            {overview.deliveries.map((row, index) => (
              <tr key={`${row.message_id}-${index}`}>
                <td>{formatDateTime(row.received_at)}</td>
                <td>
                  {row.type || '—'} {row.version && `v${row.version}`}
                </td>
                <td>
                  <code>{row.message_id || '—'}</code>
                </td>
                <td>
                  {row.result}
                  {row.from && ` · from ${row.from}`}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
