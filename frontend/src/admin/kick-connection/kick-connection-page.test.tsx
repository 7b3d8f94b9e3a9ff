import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KickConnectionStatus } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import KickConnectionPage from './kick-connection-page';
import { disconnected, connected } from '../../test/kick-connection-fixtures';
import { recordFetches } from '../../test/fetch-mocks';

describe('KickConnectionPage', () => {
  it('tells a refresh that needs a reconnect from one that is retrying, and when to reconnect by', async () => {
    const needsReconnect: KickConnectionStatus = {
      ...connected,
      token_refresh: {
        state: 'reconnect',
        message: "Kick refused to refresh the connected account's token (invalid_grant): reconnect it.",
      },
    };
    mockFetch((request) => (request.url === '/api/admin/kick-connection' ? { body: { success: true, data: needsReconnect } } : undefined));
    renderWithProviders(<KickConnectionPage />, { user: adminFixture, route: '/' });
    expect(await screen.findByTestId('token-refresh')).toHaveTextContent('Reconnect needed: Kick refused to refresh');
    expect(screen.getByText(/reconnect before/)).toBeInTheDocument();
  });

  it('a retrying refresh says so; a healthy one shows nothing', async () => {
    const retrying: KickConnectionStatus = {
      ...connected,
      token_refresh: { state: 'retrying', message: 'HTTP 503: retrying at the next use.' },
    };
    mockFetch((request) => (request.url === '/api/admin/kick-connection' ? { body: { success: true, data: retrying } } : undefined));
    renderWithProviders(<KickConnectionPage />, { user: adminFixture, route: '/' });
    expect(await screen.findByTestId('token-refresh')).toHaveTextContent('Token refresh retrying: HTTP 503');
  });

  it('without a connection: says why bot replies are off, links to the Kick login, shows the channel mismatch', async () => {
    mockFetch((request) => (request.url === '/api/admin/kick-connection' ? { body: { success: true, data: disconnected } } : undefined));
    renderWithProviders(<KickConnectionPage />, { user: adminFixture, route: '/?error=denied' });
    expect(await screen.findByTestId('chat-replies')).toHaveTextContent('Bot replies in chat: off — No Kick account is connected');
    expect(screen.getByRole('link', { name: 'Connect with Kick' })).toHaveAttribute('href', '/auth/kick/connect');
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('but events are for broadcaster 4242');
    expect(screen.getByText('Kick login was cancelled: nothing changed.')).toBeInTheDocument();
  });

  it('saves the channel by slug and shows what Kick resolved; a 422 shows under the field', async () => {
    let answer: 'ok' | 'unknown' = 'ok';
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/kick-connection/channel')
        return answer === 'ok'
          ? { body: { success: true, data: connected, message: 'Channel saved.' } }
          : {
              status: 422,
              body: { success: false, message: 'Kick knows no such channel.', errors: { slug: ['Kick knows no such channel.'] } },
            };
      if (request.url === '/api/admin/kick-connection') return { body: { success: true, data: disconnected } };
      return undefined;
    });
    renderWithProviders(<KickConnectionPage />, { user: adminFixture });
    const slug = await screen.findByLabelText('Channel slug');
    fireEvent.change(slug, { target: { value: 'Streamer ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save by slug' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(requests.find((r) => r.method === 'PUT')!.body))).toEqual({ slug: 'Streamer' });
    await waitFor(() => expect(screen.getByLabelText('Broadcaster id')).toHaveValue('5151'));

    answer = 'unknown';
    fireEvent.change(screen.getByLabelText('Channel slug'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save by slug' }));
    const section = within(screen.getByRole('region', { name: 'Channel' }));
    expect(await section.findByText('Kick knows no such channel.')).toBeInTheDocument();
  });

  it('connected: shows the account and disconnects after confirming', async () => {
    let current = connected;
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/kick-connection' && request.method === 'DELETE') {
        current = disconnected;
        return { body: { success: true, data: disconnected, message: 'Kick account disconnected.' } };
      }
      if (request.url === '/api/admin/kick-connection') return { body: { success: true, data: current } };
      return undefined;
    });
    renderWithProviders(<KickConnectionPage />, { user: adminFixture, route: '/?connected=1' });
    expect(await screen.findByTestId('chat-replies')).toHaveTextContent('Bot replies in chat: on');
    expect(screen.getByText(/Connected as/)).toHaveTextContent('Connected as streamer (Kick id 5151)');
    expect(screen.getByText('Kick account connected.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(await screen.findByRole('link', { name: 'Connect with Kick' })).toBeInTheDocument();
  });

  it('connected: shows how sending fared and saves how replies are posted', async () => {
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/kick-connection/chat')
        return { body: { success: true, data: { ...connected, chat_replies: { ...connected.chat_replies, as: 'bot' } } } };
      if (request.url === '/api/admin/kick-connection') return { body: { success: true, data: connected } };
      return undefined;
    });
    renderWithProviders(<KickConnectionPage />, { user: adminFixture });
    const sends = await screen.findByTestId('chat-sends');
    expect(sends).toHaveTextContent('2 sends failed; the last at');
    expect(sends).toHaveTextContent('HTTP 500');
    expect(screen.getByLabelText('Post replies as')).toHaveValue('user');
    fireEvent.change(screen.getByLabelText('Post replies as'), { target: { value: 'bot' } });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/kick-connection/chat')).toBe(true));
    expect(JSON.parse(String(requests.find((r) => r.url === '/api/admin/kick-connection/chat')!.body))).toEqual({ as: 'bot' });
  });
});
