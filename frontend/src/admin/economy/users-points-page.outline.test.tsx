import { fireEvent, screen, within } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import type { AdminUserRow } from './admin-economy-api';
import StoreUsersPointsPage from './users-points-page';
import * as outline from '../testing/outline-steps';

const users: AdminUserRow[] = [
  {
    id: 5,
    username: 'luke',
    kick_username: 'luke_kick',
    role: 'member',
    points: 1200,
    created_at: '2026-11-01T00:00:00Z',
    last_seen_at: null,
  },
  { id: 6, username: 'ann', kick_username: null, role: 'staff', points: 0, created_at: '2026-11-02T00:00:00Z', last_seen_at: null },
];
const pagination = (lastPage: number) => ({ current_page: 1, last_page: lastPage, per_page: 25, total: 2 });
const ledger = {
  balance: 1200,
  entries: [
    { id: 1, delta: 1200, reason: 'demo.grant', reference: null, note: 'Welcome', created_at: '2026-11-22T00:00:00Z' },
    { id: 2, delta: -50, reason: 'store.redeem', reference: 'redemption:3', note: null, created_at: '2026-11-23T00:00:00Z' },
  ],
  pagination: pagination(1),
};

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Users & Points screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('list with paging, the points panel with its errors, a search, the detail, failed', async () => {
    mockFetch(({ url }) => {
      if (url.startsWith('/api/admin/users/5/points')) return { body: { success: true, data: ledger } };
      if (url === '/api/admin/users/5') return { status: 404, body: { success: false, message: 'Not found' } };
      if (url.includes('search=nobody')) return { body: { success: true, data: [], pagination: pagination(1) } };
      return { body: { success: true, data: users, pagination: pagination(2) } };
    });
    const { unmount } = await outline.recordList(<StoreUsersPointsPage />);

    fireEvent.click(screen.getByRole('button', { name: 'Points of luke' }));
    const panel = await screen.findByRole('region', { name: 'Points of luke' });
    await within(panel).findByText('demo.grant');
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(screenOutline()).toMatchSnapshot('points panel with an error');
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));

    const search = screen.getByLabelText<HTMLInputElement>('Search users');
    fireEvent.change(search, { target: { value: 'nobody' } });
    fireEvent.submit(search.form!);
    await screen.findByText('No users found.');
    expect(screenOutline()).toMatchSnapshot('searched to nothing');
    unmount();

    outline.renderAsAdmin(<StoreUsersPointsPage />);
    fireEvent.click(await screen.findByRole('link', { name: 'Details of luke' }));
    await screen.findByText('User not found.');
    expect(screenOutline()).toMatchSnapshot('detail');
  });

  it('failed list', async () => {
    await outline.recordFailedList(<StoreUsersPointsPage />, 'Failed to load users.');
  });
});
