import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserDetail, AdminXpLedger } from '@kickback/contracts';
import type { AppStore } from '../../app/store';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { badge, page, userDetail as detail, xpLedger } from '../../test/user-detail-fixtures';
import StoreUsersPointsPage from '../economy/users-points-page';

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => `${t.type}: ${t.message}`);
function serve(
  state: { user: AdminUserDetail; held: AdminXpLedger['badges'] },
  requests: TestRequest[],
  refuse?: (r: TestRequest) => boolean,
) {
  mockFetch((r) => {
    requests.push(r);
    if (refuse?.(r)) return { status: 422, body: { success: false, message: 'The last Admin cannot be demoted.' } };
    if (r.url === '/api/admin/users/5' && r.method === 'GET') return { body: { success: true, data: state.user } };
    if (r.url.startsWith('/api/admin/users/5/points?'))
      return { body: { success: true, data: { balance: 1500, entries: [], pagination: page } } };
    if (r.url.startsWith('/api/admin/users/5/xp?')) {
      const ledger = xpLedger({
        badges: state.held,
        achievements: [{ id: 1, name: 'First Entry', unlocked_at: '2026-11-02T00:00:00Z' }],
        data: [{ id: 9, source: 'raffle_entry', xp: 50, key: 'raffle-entry:12', created_at: '2026-11-02T00:00:00Z' }],
      });
      return { body: { success: true, data: ledger } };
    }
    if (r.url === '/api/admin/badges') return { body: { success: true, data: [badge(1, 'Founder'), badge(2, 'VIP')] } };
    if (r.url === '/api/admin/users/5/role' && r.method === 'PUT') {
      state.user = { ...state.user, role: JSON.parse(String(r.body)).role };
      return { body: { success: true, message: 'Role updated.', data: state.user } };
    }
    if (r.url === '/api/admin/users/5/ban' && r.method === 'POST') {
      state.user = { ...state.user, banned_at: '2026-11-24T10:00:00Z', ban_reason: JSON.parse(String(r.body)).reason };
      return { body: { success: true, message: 'User banned.', data: state.user } };
    }
    if (r.url === '/api/admin/users/5/unban' && r.method === 'POST') {
      state.user = { ...state.user, banned_at: null, ban_reason: null };
      return { body: { success: true, message: 'User unbanned.', data: state.user } };
    }
    if (r.url === '/api/admin/users/5/badges/2' && r.method === 'POST') {
      state.held = [...state.held, { id: 2, name: 'VIP', icon: '⭐', granted_by: 'admin', granted_at: '2026-11-24T10:00:00Z' }];
      return { body: { success: true, message: 'Badge granted.', data: { user_id: 5, badge_id: 2, granted: true } } };
    }
    if (r.url === '/api/admin/users/5/badges/1' && r.method === 'DELETE') {
      state.held = state.held.filter((b) => b.id !== 1);
      return { body: { success: true, message: 'Badge revoked.', data: { user_id: 5, badge_id: 1, granted: false } } };
    }
    return undefined;
  });
}

const renderDetail = () => renderWithProviders(<StoreUsersPointsPage />, { user: adminFixture, path: '/users', route: '/users?user=5' });

describe('Admin user detail', () => {
  it('opens from the users list with Details', async () => {
    mockFetch((r) => {
      if (r.url.startsWith('/api/admin/users?'))
        return {
          body: {
            success: true,
            data: [{ id: 5, username: 'ann', kick_username: null, role: 'member', points: 10, created_at: '', last_seen_at: null }],
            pagination: page,
          },
        };
      if (r.url === '/api/admin/users/5') return { body: { success: true, data: detail() } };
      if (r.url.startsWith('/api/admin/users/5/points?'))
        return { body: { success: true, data: { balance: 0, entries: [], pagination: page } } };
      return undefined;
    });
    renderWithProviders(<StoreUsersPointsPage />, { user: adminFixture, path: '/users', route: '/users' });
    fireEvent.click(await screen.findByRole('link', { name: 'Details of ann' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ann' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All users' })).toHaveAttribute('href', '/users');
  });

  it('shows the points ledger next to the XP ledger with totals, and changes the role', async () => {
    const requests: TestRequest[] = [];
    serve({ user: detail(), held: [] }, requests);
    const { store } = renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'ann' })).toBeInTheDocument();
    expect(await screen.findByTestId('user-xp-totals')).toHaveTextContent('2,250 XP · Level 3 · Rank #4');
    expect(screen.getByRole('table', { name: 'XP ledger, newest first' })).toHaveTextContent('raffle-entry:12');
    expect(await screen.findByRole('heading', { name: 'ann: 1,500 points' })).toBeInTheDocument();
    expect(screen.getByText('Achievements: First Entry')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Change Role' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'staff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Role' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Role updated.'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ role: 'staff' });
    expect(put.headers.get('X-CSRF-TOKEN')).toBe('csrf-test-token');
  });

  it("shows the server's refusal to demote the last Admin and keeps the role", async () => {
    serve({ user: detail({ role: 'Admin' }), held: [] }, [], (r) => r.method === 'PUT');
    const { store } = renderDetail();
    fireEvent.change(await screen.findByLabelText('Role'), { target: { value: 'member' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Role' }));
    await waitFor(() => expect(toasts(store)).toContain('error: The last Admin cannot be demoted.'));
    expect(screen.getByLabelText('Role')).toHaveValue('Admin');
  });

  it('bans with a required reason after confirmation, then unbans', async () => {
    const requests: TestRequest[] = [];
    serve({ user: detail(), held: [] }, requests);
    const { store } = renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Ban User' }));
    expect(screen.getByText('The reason field is required.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(screen.getByLabelText('Ban reason'), { target: { value: 'Spam in chat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban User' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(toasts(store)).toContain('success: User banned.'));
    expect(await screen.findByTestId('user-ban-status')).toHaveTextContent('Spam in chat');
    expect(JSON.parse(String(requests.find((r) => r.url.endsWith('/ban'))!.body))).toEqual({ reason: 'Spam in chat' });

    fireEvent.click(screen.getByRole('button', { name: 'Unban' }));
    await waitFor(() => expect(toasts(store)).toContain('success: User unbanned.'));
    expect(await screen.findByRole('button', { name: 'Ban User' })).toBeInTheDocument();
  });

  it('grants a badge the member lacks and revokes one they hold', async () => {
    const state = {
      user: detail(),
      held: [{ id: 1, name: 'Founder', icon: '⭐', granted_by: 'rule' as const, granted_at: '2026-11-01T00:00:00Z' }],
    };
    serve(state, []);
    const { store } = renderDetail();
    const select = await screen.findByLabelText('Grant a badge');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a badge', 'VIP']),
    );
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Badge' }));
    await waitFor(() => expect(toasts(store)).toContain('success: VIP granted'));
    expect(await screen.findByRole('button', { name: 'Revoke VIP' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Founder' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Founder revoked'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Founder' })).toBeNull());
  });

  it('says when the member does not exist', async () => {
    mockFetch(() => ({ status: 404, body: { success: false, message: 'User not found.' } }));
    renderDetail();
    expect(await screen.findByText('User not found.')).toBeInTheDocument();
  });
});
