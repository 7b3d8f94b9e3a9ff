import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FriendsBadge, FriendsMenu as FriendsMenuData, FriendUser } from '@kickback/contracts';
import { makeStoreFromPageData, type AppStore } from '../store';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { recordFetches } from '../../test/fetch-mocks';
import { memberFixture, settingsFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { createdSockets } from '../../test/socket-io-client-stub';
import { readPageData } from '../../lib/page-data';
import { normalizeSettings } from '../../lib/site-api';
import { resetSocketForTests } from '../../lib/socket';
import { SiteHeader } from './site-header';

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => [t.type, t.message]);

const member = (id: number, username: string): FriendUser => ({
  id,
  username,
  // The account's own name differs from the Kick name: menus show the Kick name, as every list does.
  display_name: `Name of ${username}`,
  kick_username: username.toUpperCase(),
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

const live = { is_live: false, started_at: null, ended_at: null };

/** A member's page as the server renders it: the friends badge arrives with the page data (null: `vite dev`). */
function renderHeader(friends: FriendsBadge | null = { pending_count: 0 }) {
  const injected = { user: memberFixture, csrfToken: 'csrf-test-token', settings: settingsFixture, affiliates: [], live, friends };
  const store = makeStoreFromPageData(friends === null ? { ...readPageData(undefined), user: memberFixture } : readPageData(injected));
  return renderWithProviders(<SiteHeader settings={normalizeSettings(settingsFixture)} user={memberFixture} onLogout={jest.fn()} />, {
    store,
  });
}

/** The page's socket, once the badge follows 'friends:updated' (its listener is attached when the socket is made). */
async function pageSocket() {
  await waitFor(() => expect(createdSockets.length).toBeGreaterThan(socketsBefore));
  return createdSockets.at(-1)!;
}

const friendsReads = (requests: TestRequest[]) => requests.filter((r) => r.method === 'GET' && r.url === '/api/r/friends').length;

let socketsBefore = 0;
beforeEach(() => {
  socketsBefore = createdSockets.length;
});
afterEach(() => resetSocketForTests());

describe('Friends menu in the top navigation', () => {
  it('shows the count from the page data on the first render and follows friends:updated, with no request', async () => {
    const fetched = mockFetch(() => undefined);
    renderHeader({ pending_count: 2 });
    // Synchronous: the very first render already has the count.
    expect(screen.getByTestId('friends-pending-count')).toHaveTextContent('2 pending requests');
    expect(screen.getByTestId('friends-menu-toggle')).toHaveAccessibleName('Friends 2 pending requests');

    const socket = await pageSocket();
    act(() => socket.serverEmit('friends:updated', { pending_count: 3, friendship_id: 11, change: 'requested' }));
    expect(screen.getByTestId('friends-pending-count')).toHaveTextContent('3 pending requests');
    act(() => socket.serverEmit('friends:updated', { pending_count: 0, friendship_id: 11, change: 'declined' }));
    expect(screen.queryByTestId('friends-pending-count')).toBeNull();
    // The closed menu's lists were never read: not on load, not on a push (the header's own standing is its one read).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fetched.mock.calls.map(([request]) => (request as { url: string }).url)).toEqual(['/api/r/points/standing']);
  });

  it('reads the lists only when opened, and a push while closed makes the next opening read them again', async () => {
    let state = menu({
      pending_count: 1,
      incoming: [{ friendship_id: 11, user: member(3, 'ann'), created_at: '2026-11-24T10:00:00Z' }],
    });
    const requests = recordFetches((r) => {
      if (r.url === '/api/r/friends' && r.method === 'GET') return { body: { success: true, data: state } };
      return undefined;
    });
    renderHeader({ pending_count: 1 });
    const socket = await pageSocket();
    expect(friendsReads(requests)).toBe(0);

    const toggle = screen.getByTestId('friends-menu-toggle');
    fireEvent.click(toggle);
    expect(await within(await screen.findByTestId('friends-menu-requests')).findByRole('link', { name: /ANN/ })).toHaveAttribute(
      'href',
      '/profile/ann',
    );
    expect(friendsReads(requests)).toBe(1);

    // Closed and opened again with nothing changed: the lists come from the cache.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(await screen.findByTestId('friends-menu-requests')).toBeInTheDocument();
    expect(friendsReads(requests)).toBe(1);

    // Ann withdraws nothing but Bob asks too while the menu is closed: the count follows the push, and the lists,
    // now out of date, are read when the menu is next opened.
    fireEvent.keyDown(document, { key: 'Escape' });
    state = menu({
      pending_count: 2,
      incoming: [{ friendship_id: 12, user: member(4, 'bob'), created_at: '2026-11-24T10:05:00Z' }, ...state.incoming],
    });
    act(() => socket.serverEmit('friends:updated', { pending_count: 2, friendship_id: 12, change: 'requested' }));
    expect(screen.getByTestId('friends-pending-count')).toHaveTextContent('2 pending requests');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(friendsReads(requests)).toBe(1);
    fireEvent.click(toggle);
    expect(await within(await screen.findByTestId('friends-menu-requests')).findByRole('link', { name: /BOB/ })).toBeInTheDocument();
    expect(friendsReads(requests)).toBe(2);
  });

  it('accepts from the open menu: the lists are read again, the count follows, and a push refreshes the open lists', async () => {
    let state = menu({
      pending_count: 1,
      incoming: [{ friendship_id: 11, user: member(3, 'ann'), created_at: '2026-11-24T10:00:00Z' }],
    });
    const requests = recordFetches((r) => {
      if (r.url === '/api/r/friends' && r.method === 'GET') return { body: { success: true, data: state } };
      if (r.url === '/api/r/friends/11/accept' && r.method === 'POST') {
        state = menu({ friends: [{ friendship_id: 11, user: member(3, 'ann'), since: '2026-11-24T10:00:00Z' }] });
        return { body: { success: true, message: 'Friend request accepted' } };
      }
      return undefined;
    });
    const { store } = renderHeader({ pending_count: 1 });
    const socket = await pageSocket();
    fireEvent.click(screen.getByTestId('friends-menu-toggle'));
    const requestsList = await screen.findByTestId('friends-menu-requests');
    fireEvent.click(await within(requestsList).findByRole('button', { name: 'Accept ANN' }));
    await waitFor(() => expect(toasts(store)).toContainEqual(['success', 'Friend request accepted']));
    expect(await screen.findByText('No pending friend requests')).toBeInTheDocument();
    expect(within(screen.getByTestId('friends-menu-friends')).getByRole('link', { name: /ANN/ })).toBeInTheDocument();
    // The fresh read settled the badge before any push.
    expect(screen.queryByTestId('friends-pending-count')).toBeNull();
    const accept = requests.find((r) => r.method === 'POST')!;
    expect(accept.headers.get('X-CSRF-TOKEN')).toBe('csrf-test-token');

    // Another member's request arrives while the menu is open: the count from the push, the list read again.
    const readsBefore = friendsReads(requests);
    state = menu({
      pending_count: 1,
      incoming: [{ friendship_id: 14, user: member(9, 'cy'), created_at: '2026-11-24T10:09:00Z' }],
      friends: state.friends,
    });
    act(() => socket.serverEmit('friends:updated', { pending_count: 1, friendship_id: 14, change: 'requested' }));
    expect(screen.getByTestId('friends-pending-count')).toHaveTextContent('1 pending request');
    expect(await within(await screen.findByTestId('friends-menu-requests')).findByRole('link', { name: /CY/ })).toBeInTheDocument();
    expect(friendsReads(requests)).toBe(readsBefore + 1);
  });

  it('without injected page data (vite dev) reads the count from the server', async () => {
    const requests = recordFetches((r) => {
      if (r.url === '/api/r/friends') return { body: { success: true, data: menu({ pending_count: 4 }) } };
      return undefined;
    });
    renderHeader(null);
    expect(await screen.findByTestId('friends-pending-count')).toHaveTextContent('4 pending requests');
    expect(friendsReads(requests)).toBe(1);
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
    const requests = recordFetches((r) => {
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
    const socket = await pageSocket();
    act(() => socket.serverEmit('user:notification', { type: 'success', message: 'Achievement unlocked: First Entry' }));
    expect(toasts(store)).toContainEqual(['success', 'Achievement unlocked: First Entry']);
  });
});
