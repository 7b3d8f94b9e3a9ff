import { fireEvent, screen, within } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import { badge, page, userDetail, xpLedger } from '../../test/user-detail-fixtures';
import StoreUsersPointsPage from '../economy/users-points-page';
import * as outline from '../testing/outline-steps';

const user = userDetail();
const ledger = xpLedger();
const catalogue = [badge(1, 'Founder', { description: '' }), badge(2, 'VIP', { description: '' })];

// What a person meets on the screen, recorded before its forms read the contract and compared since.
describe('User detail screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('standing, Kick, ledgers and badges; an empty ban, the confirmation, the server refusing it, a banned member', async () => {
    let current = user;
    mockFetch(({ url, method }) => {
      if (url === '/api/admin/users/5/ban' && method === 'POST')
        return { status: 422, body: { success: false, message: 'Admins cannot be banned.', errors: { reason: ['Too vague'] } } };
      if (url === '/api/admin/users/5') return { body: { success: true, data: current } };
      if (url.startsWith('/api/admin/users/5/points?'))
        return { body: { success: true, data: { balance: 1500, entries: [], pagination: page } } };
      if (url.startsWith('/api/admin/users/5/xp?')) return { body: { success: true, data: ledger } };
      if (url === '/api/admin/users/5/kick')
        return { body: { success: true, data: { kick_user_id: 7, ban: null, ban_cleared_at: null, followed_at: null } } };
      if (url === '/api/admin/badges') return { body: { success: true, data: catalogue } };
      return undefined;
    });
    const { unmount } = renderWithProviders(<StoreUsersPointsPage />, { user: adminFixture, path: '/users', route: '/users?user=5' });
    await screen.findByLabelText('Grant a badge', {}, { timeout: 5000 });
    await screen.findByTestId('kick-follower-status', {}, { timeout: 5000 });
    expect(screenOutline()).toMatchSnapshot('loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Ban User' }));
    expect(screenOutline(screen.getByRole('region', { name: 'Role and ban' }))).toMatchSnapshot('empty ban reason');
    fireEvent.change(screen.getByLabelText('Ban reason'), { target: { value: 'Spam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban User' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('ban confirmation');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ban' }));
    await screen.findByText('Too vague');
    expect(screenOutline(screen.getByRole('region', { name: 'Role and ban' }))).toMatchSnapshot('ban refused');
    unmount();

    current = { ...user, banned_at: '2026-11-24T10:00:00Z', ban_reason: 'Spam' };
    renderWithProviders(<StoreUsersPointsPage />, { user: adminFixture, path: '/users', route: '/users?user=5' });
    await screen.findByTestId('user-ban-status', {}, { timeout: 5000 });
    expect(screenOutline(screen.getByRole('region', { name: 'Role and ban' }))).toMatchSnapshot('banned');
  }, 30_000);
});
