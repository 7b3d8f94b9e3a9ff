import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FriendsMenu as FriendsMenuData, FriendUser } from '@kickback/contracts';
import type { AppStore } from '../store';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { memberFixture, settingsFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { createdSockets } from '../../test/socket-io-client-stub';
import { normalizeSettings } from '../../lib/site-api';
import { SiteHeader } from './site-header';

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => [t.type, t.message]);

const member = (id: number, username: string): FriendUser => ({
  id,
  username,
  display_name: username.toUpperCase(),
  kick_username: null,
  avatar_url: null,
  level: 1,
});

const menu = (over: Partial<FriendsMenuData> = {}): FriendsMenuData => ({
  pending_count: 0,
  incoming: [],
  outgoing: [],
  friends: [],
  ...over,
});

function renderHeader() {
  return renderWithProviders(<SiteHeader settings={normalizeSettings(settingsFixture)} user={memberFixture} onLogout={jest.fn()} />, {
    user: memberFixture,
  });
}

describe('Friends menu in the top navigation', () => {
  it('shows the pending count, updates it live on friends:updated, and accepts a request from the menu', async () => {
    let state = menu();
    const requests: TestRequest[] = [];
    mockFetch((r) => {
      requests.push(r);
      if (r.url === '/api/r/friends' && r.method === 'GET') return { body: { success: true, data: state } };
      if (r.url === '/api/r/friends/11/accept' && r.method === 'POST') {
        state = menu({ friends: [{ friendship_id: 11, user: member(3, 'ann'), since: '2026-11-24T10:00:00Z' }] });
        return { body: { success: true, message: 'Friend request accepted' } };
      }
      return undefined;
    });
    const { store } = renderHeader();
    const toggle = await screen.findByTestId('friends-menu-toggle');
    await waitFor(() => expect(requests.some((r) => r.url === '/api/r/friends')).toBe(true));
    expect(screen.queryByTestId('friends-pending-count')).toBeNull();

    state = menu({
      pending_count: 1,
      incoming: [{ friendship_id: 11, user: member(3, 'ann'), created_at: '2026-11-24T10:00:00Z' }],
    });
    await waitFor(() => expect(createdSockets.length).toBeGreaterThan(0));
    act(() => createdSockets.at(-1)!.serverEmit('friends:updated', { pending_count: 1, friendship_id: 11, change: 'requested' }));
    expect(await screen.findByTestId('friends-pending-count')).toHaveTextContent('1 pending request');
    expect(toggle).toHaveAccessibleName('Friends 1 pending request');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const requestsList = await screen.findByTestId('friends-menu-requests');
    expect(within(requestsList).getByRole('link', { name: /ANN/ })).toHaveAttribute('href', '/profile/ann');
    fireEvent.click(within(requestsList).getByRole('button', { name: 'Accept ANN' }));
    await waitFor(() => expect(toasts(store)).toContainEqual(['success', 'Friend request accepted']));
    expect(await screen.findByText('No pending friend requests')).toBeInTheDocument();
    expect(within(screen.getByTestId('friends-menu-friends')).getByRole('link', { name: /ANN/ })).toBeInTheDocument();
    expect(screen.queryByTestId('friends-pending-count')).toBeNull();
    const accept = requests.find((r) => r.method === 'POST')!;
    expect(accept.headers.get('X-CSRF-TOKEN')).toBe('csrf-test-token');
  });

  it('declines with the fallback toast on failure, lists sent requests, and closes on Escape', async () => {
    mockFetch((r) => {
      if (r.url === '/api/r/friends')
        return {
          body: {
            success: true,
            data: menu({
              pending_count: 1,
              incoming: [{ friendship_id: 4, user: member(5, 'cat'), created_at: '2026-11-24T10:00:00Z' }],
              outgoing: [{ friendship_id: 6, user: member(8, 'dan'), created_at: '2026-11-24T10:00:00Z' }],
            }),
          },
        };
      if (r.url === '/api/r/friends/4/decline') return { status: 500, body: { success: false } };
      return undefined;
    });
    const { store } = renderHeader();
    fireEvent.click(await screen.findByTestId('friends-menu-toggle'));
    fireEvent.click(await screen.findByRole('button', { name: 'Decline CAT' }));
    await waitFor(() => expect(toasts(store)).toContainEqual(['error', 'Failed to decline friend request']));
    expect(screen.getByRole('heading', { name: 'Requests Sent (1)' })).toBeInTheDocument();
    expect(screen.getByText('No friends yet')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByTestId('friends-menu-toggle')).toHaveAttribute('aria-expanded', 'false');
  });

  it('finds members and sends a request from the results, which then show Request Sent', async () => {
    let sent = false;
    const requests: TestRequest[] = [];
    mockFetch((r) => {
      requests.push(r);
      if (r.url === '/api/r/friends') return { body: { success: true, data: menu() } };
      if (r.url === '/api/r/friends/search?query=ann') {
        const friendship = sent
          ? {
              id: 12,
              status: 'pending',
              sender_id: memberFixture.id,
              can_send_request: false,
              can_accept: false,
              can_decline: false,
              can_remove: false,
            }
          : { id: null, status: 'none', sender_id: null, can_send_request: true, can_accept: false, can_decline: false, can_remove: false };
        return { body: { success: true, data: [{ ...member(3, 'ann'), friendship }] } };
      }
      if (r.url === '/api/r/friends/search?query=zed') return { body: { success: true, data: [] } };
      if (r.url === '/api/r/friends/request' && r.method === 'POST') {
        sent = true;
        return {
          status: 201,
          body: { success: true, message: 'Friend request sent successfully', data: { friendship_id: 12, status: 'pending' } },
        };
      }
      return undefined;
    });
    const { store } = renderHeader();
    fireEvent.click(await screen.findByTestId('friends-menu-toggle'));
    const search = await screen.findByRole('searchbox', { name: 'Member name' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please enter a name to search.')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: ' zed ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No members found')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add ANN as a friend' }));
    await waitFor(() => expect(toasts(store)).toContainEqual(['success', 'Friend request sent successfully']));
    expect(await within(screen.getByTestId('friends-menu-search-results')).findByText('Request Sent')).toBeInTheDocument();
    expect(JSON.parse(String(requests.find((r) => r.method === 'POST')!.body))).toEqual({ user_id: 3 });
  });

  it('shows a user:notification push (achievement unlocked) as a toast through the shell listener', async () => {
    const { useRealtimeNotifications } = await import('./use-realtime-notifications');
    function Listener() {
      useRealtimeNotifications(true);
      return null;
    }
    mockFetch(() => undefined);
    const { store } = renderWithProviders(<Listener />, { user: memberFixture });
    await waitFor(() => expect(createdSockets.length).toBeGreaterThan(0));
    act(() => createdSockets.at(-1)!.serverEmit('user:notification', { type: 'success', message: 'Achievement unlocked: First Entry' }));
    expect(toasts(store)).toContainEqual(['success', 'Achievement unlocked: First Entry']);
  });
});
