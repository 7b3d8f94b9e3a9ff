import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FriendshipView, ProfileAchievement, PublicProfile } from '@kickback/contracts';
import { NO_FRIENDSHIP } from '@kickback/contracts/api/profiles';
import type { AppStore } from '../../../app/store';
import { mockFetch, type TestRequest } from '../../../test/fetch-polyfill';
import { recordFetches } from '../../../test/fetch-mocks';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { createdSockets } from '../../../test/socket-io-client-stub';
import ProfilePage from './profile-page';

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => [t.type, t.message]);

const achievement = (id: number, over: Partial<ProfileAchievement> = {}): ProfileAchievement => ({
  id,
  name: `Achievement ${id}`,
  title: `Achievement ${id}`,
  icon: '🎯',
  description: `Description ${id}`,
  category: 'raffles',
  unlocked: false,
  unlocked_at: null,
  progress: null,
  ...over,
});

function profile(over: Partial<PublicProfile> = {}, friendship: Partial<FriendshipView> = {}): PublicProfile {
  const flags = { ...NO_FRIENDSHIP, ...friendship };
  return {
    id: 42,
    username: 'ann',
    display_name: 'Ann Spinner',
    global_name: 'Ann Spinner',
    kick_username: 'ann_k',
    avatar: null,
    avatar_url: null,
    bio: 'Slots every night',
    level: 3,
    rank: 12,
    xp: 2250,
    xp_next_level: 3000,
    points: 15000,
    created_at: '2026-01-05T10:00:00Z',
    member_since: '2026-01-05T10:00:00Z',
    last_active: '2026-11-20T10:00:00Z',
    last_seen: '2026-11-20T10:00:00Z',
    twitter: null,
    twitter_user: 'ann_spins',
    youtube_user: null,
    website: 'https://ann.example',
    badges: [{ id: 1, name: 'Founder', icon: '⭐', description: 'Joined in the first month' }],
    achievements: [
      achievement(1, { unlocked: true, unlocked_at: '2026-11-01T00:00:00Z' }),
      achievement(2, { unlocked: true, unlocked_at: '2026-11-04T00:00:00Z' }),
      achievement(3, { progress: { current: 3, target: 10 } }),
      achievement(4, { unlocked: true, unlocked_at: '2026-11-03T00:00:00Z' }),
      achievement(5, { unlocked: true, unlocked_at: '2026-11-02T00:00:00Z' }),
    ],
    achievements_count: 4,
    bonus_hunt_predictions: 5,
    tournament_predictions: 2,
    raffle_entries: 9,
    total_predictions: 7,
    friends_count: 3,
    stats: {
      bonus_hunt_predictions: 5,
      tournament_predictions: 2,
      raffle_entries: 9,
      achievement_count: 4,
      rank: 12,
      total_predictions: 7,
      friends_count: 3,
    },
    recent_activity: { bonus_hunt_predictions: [], tournament_predictions: [], raffle_entries: [] },
    is_own_profile: false,
    friendship: flags,
    can_send_request: flags.can_send_request,
    can_accept: flags.can_accept,
    can_decline: flags.can_decline,
    can_remove: flags.can_remove,
    ...over,
  };
}

const renderProfile = (options: { user?: typeof memberFixture | null; route?: string } = {}) =>
  renderWithProviders(<ProfilePage />, { path: '/profile/:username', route: options.route ?? '/profile/ann', user: options.user ?? null });

const serveProfile = (data: PublicProfile, extra?: (r: TestRequest) => { status?: number; body: unknown } | undefined) => {
  const requests = recordFetches((r) => {
    if (r.url === '/api/r/user/ann' && r.method === 'GET') return { body: { success: true, data } };
    return extra?.(r);
  });
  return requests;
};

describe('ProfilePage', () => {
  it('shows the loading state, then the header with level, rank, links, badges, points, achievements and the XP bar', async () => {
    serveProfile(profile());
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Spinner' })).toBeInTheDocument();
    expect(screen.getByText('@ann')).toBeInTheDocument();
    expect(screen.getByTestId('profile-level')).toHaveTextContent('Lvl 3');
    expect(screen.getByTestId('profile-rank')).toHaveTextContent('Rank #12 by XP among all members');
    expect(screen.getByText('Slots every night')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Twitter' })).toHaveAttribute('href', 'https://twitter.com/ann_spins');
    expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://ann.example/');
    const badge = screen.getByRole('button', { name: /Founder/ });
    expect(badge).toHaveAccessibleDescription('Joined in the first month');
    expect(screen.getByRole('img', { name: "Ann Spinner's avatar" })).toHaveAttribute('src', '/avatars/avatar-2.svg');
    expect(screen.getByText('15,000')).toBeInTheDocument();
    // 2250 XP: level 3, 250 of 1000 towards level 4.
    expect(screen.getByTestId('profile-xp')).toHaveTextContent('250 / 1,000 XP');
    expect(screen.getByText('Level 3')).toBeInTheDocument();
    expect(screen.getByText('Level 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '250');
    // Anonymous viewers get no friend buttons and no Settings button.
    expect(screen.queryByRole('button', { name: 'Add Friend' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it("falls back to the member's placeholder avatar (id modulo 5) when the stored picture does not load", async () => {
    serveProfile(profile({ id: 43, avatar_url: '/uploads/gone.png' }));
    renderProfile();
    const avatar = await screen.findByRole('img', { name: "Ann Spinner's avatar" });
    expect(avatar).toHaveAttribute('src', '/uploads/gone.png');
    fireEvent.error(avatar);
    expect(avatar).toHaveAttribute('src', '/avatars/avatar-3.svg');
  });

  it.each([
    [0, '0 / 1,000 XP', 'Level 1', 'Level 2'],
    [999, '999 / 1,000 XP', 'Level 1', 'Level 2'],
    [1000, '0 / 1,000 XP', 'Level 2', 'Level 3'],
    [12345, '345 / 1,000 XP', 'Level 13', 'Level 14'],
  ])('draws the XP bar for %i XP as "%s" from %s to %s', async (xp, text, from, to) => {
    serveProfile(profile({ xp, level: Math.floor(xp / 1000) + 1 }));
    renderProfile();
    expect(await screen.findByTestId('profile-xp')).toHaveTextContent(text);
    expect(screen.getByText(from)).toBeInTheDocument();
    expect(screen.getByText(to)).toBeInTheDocument();
  });

  it("shows 'Profile Not Found' for an unknown member without a failure toast", async () => {
    mockFetch(() => ({ status: 404, body: { success: false, message: 'Profile Not Found' } }));
    const { store } = renderProfile();
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The user you're looking for doesn't exist.")).toBeInTheDocument();
    expect(toasts(store)).toEqual([]);
  });

  it('does not ask the server about a name that cannot exist', async () => {
    const fetchMock = mockFetch(() => undefined);
    renderProfile({ route: `/profile/${'x'.repeat(65)}` });
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to load profile data' when loading fails and retries on request", async () => {
    let fail = true;
    mockFetch(() => (fail ? { status: 500, body: { success: false, message: 'boom' } } : { body: { success: true, data: profile() } }));
    const { store } = renderProfile();
    await waitFor(() => expect(toasts(store)).toContainEqual(['error', 'Failed to load profile data']));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Spinner' })).toBeInTheDocument();
  });

  it('shows a Settings button to /settings on the own profile and the pointer in the Friends tab', async () => {
    serveProfile(profile({ id: memberFixture.id, is_own_profile: true }));
    renderProfile({ user: memberFixture });
    expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Add Friend' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Friends' }));
    expect(screen.getByTestId('friends-pointer')).toHaveTextContent(
      'Manage your friends and friend requests through the Friends menu in the top navigation.',
    );
  });

  it('sends a friend request with Add Friend, toasts the SPEC text and then shows Request Sent (disabled)', async () => {
    let sent = false;
    const requests = recordFetches((r) => {
      if (r.url === '/api/r/user/ann')
        return {
          body: {
            success: true,
            data: sent ? profile({}, { id: 77, status: 'pending', sender_id: memberFixture.id }) : profile({}, { can_send_request: true }),
          },
        };
      if (r.url === '/api/r/friends/request' && r.method === 'POST') {
        sent = true;
        return {
          status: 201,
          body: { success: true, message: 'Friend request sent successfully', data: { friendship_id: 77, status: 'pending' } },
        };
      }
      return undefined;
    });
    const { store } = renderProfile({ user: memberFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Friend' }));
    await waitFor(() => expect(toasts(store)).toContainEqual(['success', 'Friend request sent successfully']));
    expect(await screen.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Friend' })).toBeNull();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ user_id: 42 });
    expect(post.headers.get('X-CSRF-TOKEN')).toBe('csrf-test-token');
  });

  it('shows Accept and Decline to the receiver and the server refusal when accepting fails', async () => {
    serveProfile(profile({}, { id: 5, status: 'pending', sender_id: 42, can_accept: true, can_decline: true }), (r) =>
      r.url === '/api/r/friends/5/accept' ? { status: 404, body: { success: false, message: 'Friend request not found.' } } : undefined,
    );
    const { store } = renderProfile({ user: memberFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Sent' })).toBeNull();
    await waitFor(() => expect(toasts(store)).toContainEqual(['error', 'Friend request not found.']));
  });

  it('declines with the SPEC toasts: the server message, else the fallback', async () => {
    serveProfile(profile({}, { id: 5, status: 'pending', sender_id: 42, can_accept: true, can_decline: true }), (r) =>
      r.url === '/api/r/friends/5/decline' ? { status: 500, body: { success: false } } : undefined,
    );
    const { store } = renderProfile({ user: memberFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(toasts(store)).toContainEqual(['error', 'Failed to decline friend request']));
  });

  it("shows the 'Friends' label and removes a friend after confirmation", async () => {
    let removed = false;
    serveProfile(profile({}, { id: 9, status: 'accepted', sender_id: 42, can_remove: true }), (r) => {
      if (r.url === '/api/r/friends/9' && r.method === 'DELETE') {
        removed = true;
        return { body: { success: true, message: 'Friend removed successfully' } };
      }
      return undefined;
    });
    const { store } = renderProfile({ user: memberFixture });
    expect(await screen.findByTestId('friends-label')).toHaveTextContent('Friends');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Friend' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Friend' }));
    await waitFor(() => expect(toasts(store)).toContainEqual(['success', 'Friend removed successfully']));
    expect(removed).toBe(true);
  });

  it('overview: Quick Stats, Member Info with total predictions, Recent Achievements (3 newest) and the empty activity text', async () => {
    serveProfile(profile());
    renderProfile();
    await screen.findByRole('heading', { name: 'Quick Stats' });
    expect(screen.getByRole('heading', { name: 'Member Info' })).toBeInTheDocument();
    expect(screen.getByText('Member since').nextSibling).toHaveTextContent('Jan 5, 2026');
    expect(screen.getByTestId('total-predictions')).toHaveTextContent('7');
    expect(screen.getByText('No recent activity found')).toBeInTheDocument();
    const recent = within(screen.getByTestId('recent-achievements'))
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(recent).toEqual(['Achievement 2', 'Achievement 4', 'Achievement 5']);
  });

  it('overview lists recent activity and reads the flat counters when the stats object lacks them', async () => {
    const data = profile({
      stats: undefined as unknown as PublicProfile['stats'],
      bonus_hunt_predictions: 3,
      tournament_predictions: 4,
      recent_activity: {
        bonus_hunt_predictions: [
          {
            id: 1,
            hunt_id: 2,
            end_balance: 1234.5,
            highest_multiplier: 250,
            highest_multiplier_game: 'Gates',
            created_at: '2026-11-20T00:00:00Z',
          },
        ],
        tournament_predictions: [{ tournament_id: 3, tournament_name: 'Cup', picks: 7, created_at: '2026-11-20T00:00:00Z' }],
        raffle_entries: [
          { id: 4, raffle_id: 5, raffle_title: 'Big Raffle', entry_type: 'points', tickets: 1, created_at: '2026-11-20T00:00:00Z' },
        ],
      },
    });
    serveProfile(data);
    renderProfile();
    await screen.findByRole('heading', { name: 'Activity History' });
    expect(screen.queryByText('No recent activity found')).toBeNull();
    expect(screen.getByText(/End balance \$1,234\.50, highest 250\.00x on Gates/)).toBeInTheDocument();
    expect(screen.getByText('Cup: 7 picks')).toBeInTheDocument();
    expect(screen.getByText('Big Raffle: 1 ticket')).toBeInTheDocument();
    expect(screen.getByTestId('total-predictions')).toHaveTextContent('7');
  });

  it('stats tab shows the three cards; achievements tab dims locked ones and marks unlocked ones', async () => {
    serveProfile(profile());
    renderProfile();
    fireEvent.click(await screen.findByRole('tab', { name: 'Stats' }));
    expect(screen.getByRole('tab', { name: 'Stats' })).toHaveAttribute('aria-selected', 'true');
    for (const title of ['Prediction Stats', 'Community Engagement', 'Achievements']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('4 of 5')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Achievements' }));
    const items = within(screen.getByRole('list', { name: 'All achievements' })).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[2]).toHaveClass('profile-achievement--locked');
    expect(within(items[2]!).queryByText('Unlocked')).toBeNull();
    // A locked achievement shows how far the member is.
    expect(within(items[2]!).getByText('Locked · 3 of 10')).toBeInTheDocument();
    const bar = within(items[2]!).getByRole('progressbar', { name: 'Achievement 3 progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([3, 10]);
    expect(items[0]).not.toHaveClass('profile-achievement--locked');
    expect(within(items[0]!).getByText('Unlocked')).toBeInTheDocument();
  });

  it("friends tab: 'Login Required' for visitors", async () => {
    serveProfile(profile());
    renderProfile();
    fireEvent.click(await screen.findByRole('tab', { name: 'Friends' }));
    expect(screen.getByRole('heading', { name: 'Login Required' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view friendship information')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with Kick' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/login\?next=%2Fprofile%2F/),
    );
  });

  it("friends tab: 'Mutual Friends (n)' linking to each profile, or 'No mutual friends found'", async () => {
    let mutual = [{ id: 8, username: 'bob', display_name: 'Robert', kick_username: 'Bob', avatar_url: null, level: 2 }];
    serveProfile(profile({}, { can_send_request: true }), (r) =>
      r.url === '/api/r/friends/mutual/42' ? { body: { success: true, data: mutual } } : undefined,
    );
    const first = renderProfile({ user: memberFixture });
    fireEvent.click(await screen.findByRole('tab', { name: 'Friends' }));
    expect(await screen.findByRole('heading', { name: 'Mutual Friends (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Bob/ })).toHaveAttribute('href', '/profile/bob');
    first.unmount();

    mutual = [];
    renderProfile({ user: memberFixture });
    fireEvent.click(await screen.findByRole('tab', { name: 'Friends' }));
    expect(await screen.findByRole('heading', { name: 'Mutual Friends (0)' })).toBeInTheDocument();
    expect(screen.getByText('No mutual friends found')).toBeInTheDocument();
  });

  it("refetches when 'friends:updated' arrives, so an accepted request shows 'Friends' without reload", async () => {
    let accepted = false;
    mockFetch((r) => {
      if (r.url === '/api/r/user/ann')
        return {
          body: {
            success: true,
            data: accepted
              ? profile({}, { id: 3, status: 'accepted', sender_id: memberFixture.id, can_remove: true })
              : profile({}, { id: 3, status: 'pending', sender_id: memberFixture.id }),
          },
        };
      return undefined;
    });
    const { store } = renderProfile({ user: memberFixture });
    // The navigation's friends badge, as a member's page brings it: it follows the push without reading the menu.
    const { friendsBadgeApi } = await import('../../../lib/friends-badge-api');
    store.dispatch(
      friendsBadgeApi.util.upsertQueryEntries([{ endpointName: 'getFriendsBadge', arg: undefined, value: { pending_count: 0 } }]),
    );
    void store.dispatch(friendsBadgeApi.endpoints.getFriendsBadge.initiate());
    expect(await screen.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    await waitFor(() => expect(createdSockets.length).toBeGreaterThan(0));
    accepted = true;
    act(() => createdSockets.at(-1)!.serverEmit('friends:updated', { pending_count: 0, friendship_id: 3, change: 'accepted' }));
    expect(await screen.findByTestId('friends-label')).toHaveTextContent('Friends');
  });

  it('refreshes the own profile when an achievement unlock is pushed to the member', async () => {
    let unlocked = false;
    mockFetch((r) =>
      r.url === '/api/r/user/ann'
        ? {
            body: {
              success: true,
              data: profile({
                id: memberFixture.id,
                is_own_profile: true,
                achievements_count: unlocked ? 5 : 4,
                stats: { ...profile().stats, achievement_count: unlocked ? 5 : 4 },
              }),
            },
          }
        : undefined,
    );
    renderProfile({ user: memberFixture });
    const headerCount = () => screen.getAllByText('Achievements', { selector: 'dt' })[0]!.nextSibling;
    await screen.findByTestId('profile-level');
    expect(headerCount()).toHaveTextContent('4');
    await waitFor(() => expect(createdSockets.length).toBeGreaterThan(0));
    unlocked = true;
    act(() => createdSockets.at(-1)!.serverEmit('user:notification', { type: 'success', message: 'Achievement unlocked: Oracle' }));
    await waitFor(() => expect(screen.getAllByText('Achievements', { selector: 'dt' })[0]!.nextSibling).toHaveTextContent('5'));
  });
});
