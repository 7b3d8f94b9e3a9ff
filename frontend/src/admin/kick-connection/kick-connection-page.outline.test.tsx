import { fireEvent, screen, within } from '@testing-library/react';
import type { KickConnectionStatus } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import KickConnectionPage from './kick-connection-page';

const disconnected: KickConnectionStatus = {
  connected: false,
  account: null,
  scopes: [],
  missing_scopes: ['user:read', 'channel:read', 'chat:write', 'events:subscribe'],
  expires_at: null,
  connected_at: null,
  reconnect_by: null,
  token_refresh: { state: 'ok', message: null },
  chat_replies: {
    on: false,
    reason: 'No Kick account is connected: bot replies to chat commands are off (commands still work on the site).',
    as: 'user',
    failures: 0,
    last_failure: null,
    last_failed_at: null,
    last_sent_at: null,
  },
  channel: {
    slug: 'streamer',
    broadcaster_user_id: 4242,
    resolved_broadcaster_user_id: 5151,
    mismatch: 'The player shows "streamer" (broadcaster 5151), but events are for broadcaster 4242.',
  },
};

const connected: KickConnectionStatus = {
  ...disconnected,
  connected: true,
  account: { kick_user_id: 5151, username: 'streamer' },
  scopes: ['user:read', 'channel:read', 'chat:write', 'events:subscribe'],
  missing_scopes: [],
  expires_at: '2026-11-27T14:00:00Z',
  connected_at: '2026-11-27T12:00:00Z',
  reconnect_by: '2026-12-27T12:00:00Z',
  chat_replies: {
    on: true,
    reason: null,
    as: 'user',
    failures: 2,
    last_failure: 'The last chat message could not be sent: Kick POST /public/v1/chat: HTTP 500.',
    last_failed_at: '2026-11-27T13:00:00Z',
    last_sent_at: '2026-11-27T13:30:00Z',
  },
  channel: { slug: 'streamer', broadcaster_user_id: 5151, resolved_broadcaster_user_id: 5151, mismatch: null },
};

// What a person meets on the screen, recorded before its forms read the contract and compared since.
describe('Kick connection screen outline', () => {
  beforeAll(() => {
    jest.useFakeTimers({
      now: new Date('2026-11-29T09:00:00.000Z'),
      doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
    });
  });
  afterAll(() => jest.useRealTimers());

  it('connected, the channel forms with an empty broadcaster id and a refused slug', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/admin/kick-connection/channel')
        return {
          status: 422,
          body: { success: false, message: 'Kick knows no such channel.', errors: { slug: ['Kick knows no such channel.'] } },
        };
      if (url === '/api/admin/kick-connection') return { body: { success: true, data: connected } };
      return undefined;
    });
    renderWithProviders(<KickConnectionPage />, { user: adminFixture });
    await screen.findByLabelText('Channel slug', {}, { timeout: 5000 });
    expect(screenOutline()).toMatchSnapshot('connected');
    const channel = within(screen.getByRole('region', { name: 'Channel' }));
    fireEvent.change(channel.getByLabelText('Broadcaster id'), { target: { value: '' } });
    fireEvent.click(channel.getByRole('button', { name: 'Save by broadcaster id' }));
    fireEvent.change(channel.getByLabelText('Channel slug'), { target: { value: 'nobody' } });
    fireEvent.click(channel.getByRole('button', { name: 'Save by slug' }));
    await channel.findByText('Kick knows no such channel.', {}, { timeout: 5000 });
    expect(screenOutline(screen.getByRole('region', { name: 'Channel' }))).toMatchSnapshot('slug refused');
  }, 30_000);

  it('disconnected, with a channel mismatch', async () => {
    mockFetch(({ url }) => (url === '/api/admin/kick-connection' ? { body: { success: true, data: disconnected } } : undefined));
    renderWithProviders(<KickConnectionPage />, { user: adminFixture });
    await screen.findByLabelText('Channel slug', {}, { timeout: 5000 });
    expect(screenOutline()).toMatchSnapshot('disconnected');
  }, 30_000);
});
