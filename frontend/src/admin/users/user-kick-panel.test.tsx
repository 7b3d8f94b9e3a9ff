import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminKickStanding, KickUnbanResult } from '@kickback/contracts';
import { KICK_STANDING_MESSAGES } from '@kickback/contracts/api/kick-member';
import type { AppStore } from '../../app/store';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { UserKickPanel } from './user-kick-panel';

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => `${t.type}: ${t.message}`);
const banned: AdminKickStanding = {
  kick_user_id: 7001,
  ban: { banned_at: '2026-11-28T20:00:00Z', expires_at: null, reason: 'Spam links' },
  ban_cleared_at: null,
  followed_at: null,
};

function serve(initial: AdminKickStanding, unban: KickUnbanResult, requests: TestRequest[]) {
  let standing = initial;
  mockFetch((r) => {
    requests.push(r);
    if (r.url === '/api/admin/users/5/kick' && r.method === 'GET') return { body: { success: true, data: standing } };
    if (r.url === '/api/admin/users/5/kick/clear-ban' && r.method === 'POST') {
      standing = { ...standing, ban: null, ban_cleared_at: '2026-11-29T05:00:00Z' };
      return { body: { success: true, message: KICK_STANDING_MESSAGES.cleared[unban], data: { standing, kick_unban: unban } } };
    }
    if (r.url === '/api/admin/users/5/kick/follower' && r.method === 'POST') {
      standing = { ...standing, followed_at: '2026-11-29T05:00:00Z' };
      return { body: { success: true, message: KICK_STANDING_MESSAGES.markedFollower, data: standing } };
    }
    return undefined;
  });
}

describe("The member's Kick panel", () => {
  it('shows the Kick ban with its time and reason and clears it after confirmation; a clear Kick was told of is a success', async () => {
    const requests: TestRequest[] = [];
    serve(banned, 'sent', requests);
    const { store } = renderWithProviders(<UserKickPanel userId={5} username="ann" />, { user: adminFixture });
    const status = await screen.findByTestId('kick-ban-status');
    expect(status).toHaveTextContent('Banned in the Kick chat since');
    expect(status).toHaveTextContent('(permanent) — Spam links');
    fireEvent.click(within(status).getByRole('button', { name: 'Clear Kick ban' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear Kick ban' }));
    await waitFor(() => expect(toasts(store)).toContain(`success: ${KICK_STANDING_MESSAGES.cleared.sent}`));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.headers.get('X-CSRF-TOKEN')).toBe('csrf-test-token');
    expect(await screen.findByText(/Not banned in the Kick chat/)).toHaveTextContent('a Kick ban was cleared');
  });

  it('a clear that could not reach Kick warns the admin to unban on Kick too', async () => {
    serve(banned, 'not-granted', []);
    const { store } = renderWithProviders(<UserKickPanel userId={5} username="ann" />, { user: adminFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Kick ban' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear Kick ban' }));
    await waitFor(() => expect(toasts(store)).toContain(`warning: ${KICK_STANDING_MESSAGES.cleared['not-granted']}`));
  });

  it('says follows are known only from the connection day and marks a follower', async () => {
    serve({ ...banned, ban: null }, 'sent', []);
    const { store } = renderWithProviders(<UserKickPanel userId={5} username="ann" />, { user: adminFixture });
    expect(await screen.findByTestId('kick-follower-status')).toHaveTextContent('Not known as a follower.');
    expect(screen.getByText(/only from the day the channel was connected/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as follower' }));
    await waitFor(() => expect(toasts(store)).toContain(`success: ${KICK_STANDING_MESSAGES.markedFollower}`));
    expect(await screen.findByText(/Follower since/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as follower' })).toBeNull();
  });

  it('without a linked Kick account says nothing can be known', async () => {
    serve({ kick_user_id: null, ban: null, ban_cleared_at: null, followed_at: null }, 'sent', []);
    renderWithProviders(<UserKickPanel userId={5} username="ann" />, { user: adminFixture });
    expect(await screen.findByText(/No Kick account is linked/)).toBeInTheDocument();
  });
});
