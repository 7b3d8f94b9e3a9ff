import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ActivityOverview } from '@kickback/contracts';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ActivitySubscriptions } from './activity-subscriptions';
import { recordFetches } from '../testing/fetch-mocks';

const view: Pick<ActivityOverview, 'subscriptions' | 'subscriptions_enabled' | 'kick_events' | 'delivery_warning' | 'live_poll_warning'> = {
  subscriptions_enabled: true,
  subscriptions: [
    {
      event: 'chat.message.sent',
      version: 1,
      subscription_id: '01JSUB',
      status: 'subscribed',
      error: null,
      updated_at: '2026-11-27T12:00:00Z',
      checked_at: '2026-11-27T12:05:00Z',
    },
    {
      event: 'channel.followed',
      version: 1,
      subscription_id: null,
      status: 'failed',
      error: 'HTTP 500',
      updated_at: '2026-11-27T12:00:00Z',
      checked_at: null,
    },
  ],
  kick_events: [
    {
      event: 'chat.message.sent',
      subscribed: true,
      last_delivery_at: '2026-11-27T12:04:00Z',
      deliveries_last_hour: 1234,
      failures_last_hour: 2,
    },
    { event: 'channel.followed', subscribed: false, last_delivery_at: null, deliveries_last_hour: 0, failures_last_hour: 0 },
  ],
  delivery_warning: 'The stream is live but Kick has sent no delivery since 2026-11-27T11:50:00Z: check the subscriptions below.',
  live_poll_warning: null,
};

describe('ActivitySubscriptions', () => {
  it("warns when Kick's channel lookup answers in a shape the live poll cannot trust", () => {
    const warning =
      "Kick's channel lookup answered in an unexpected shape at 2026-11-27T12:00:00.000Z (data: Required); the live state was left as it was.";
    renderWithProviders(<ActivitySubscriptions {...view} delivery_warning={null} live_poll_warning={warning} />, { user: adminFixture });
    expect(screen.getByTestId('activity-live-poll-warning')).toHaveTextContent(warning);
  });

  it("shows Kick's view per event, warns when live and quiet, and reconciles on demand", async () => {
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/activity/resubscribe') return { body: { success: true, data: [] } };
      return undefined;
    });
    renderWithProviders(<ActivitySubscriptions {...view} />, { user: adminFixture });
    expect(screen.getByRole('alert')).toHaveTextContent('The stream is live but Kick has sent no delivery');
    const table = within(screen.getByRole('table', { name: 'Kick event subscriptions' }));
    const chat = within(table.getByRole('row', { name: /chat\.message\.sent/ }));
    expect(chat.getByText('Yes')).toBeInTheDocument();
    expect(chat.getByText('1,234')).toBeInTheDocument();
    expect(chat.getByText('2')).toBeInTheDocument();
    expect(chat.getByText('01JSUB')).toBeInTheDocument();
    const followed = within(table.getByRole('row', { name: /channel\.followed/ }));
    expect(followed.getByText('No: HTTP 500')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reconcile now' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/activity/resubscribe' && r.method === 'POST')).toBe(true));
  });
});
