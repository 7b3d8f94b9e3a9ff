import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import StoreUsersPointsPage from './users-points-page';
import { recordFetches } from '../testing/fetch-mocks';

const user = {
  id: 5,
  username: 'luke',
  kick_username: 'luke',
  role: 'member',
  points: 1200,
  created_at: '2026-11-01T00:00:00Z',
  last_seen_at: null,
};
const page = { current_page: 1, last_page: 1, per_page: 25, total: 1 };

describe('StoreUsersPointsPage', () => {
  it('shows a member’s ledger and grants points with a reason', async () => {
    let balance = 1200;
    const requests = recordFetches((request) => {
      if (request.url.startsWith('/api/admin/users?'))
        return { body: { success: true, data: [{ ...user, points: balance }], pagination: page } };
      if (request.url.startsWith('/api/admin/users/5/points?'))
        return {
          body: {
            success: true,
            data: {
              balance,
              entries: [{ id: 1, delta: 1200, reason: 'demo.grant', reference: null, note: null, created_at: '2026-11-22T00:00:00Z' }],
              pagination: page,
            },
          },
        };
      if (request.url === '/api/admin/users/5/points' && request.method === 'POST') {
        balance += 300;
        return { body: { success: true, message: 'Granted 300 points.', data: { applied: true, balance } } };
      }
      return undefined;
    });
    const { store } = renderWithProviders(<StoreUsersPointsPage />, { user: adminFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Points of luke' }));
    const panel = await screen.findByRole('region', { name: 'Points of luke' });
    expect(await within(panel).findByText('demo.grant')).toBeInTheDocument();

    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(within(panel).getByText('Enter a whole number of points, negative to deduct.')).toBeInTheDocument();
    fireEvent.change(within(panel).getByLabelText('Points (+ grant, − deduct)'), { target: { value: '300' } });
    fireEvent.change(within(panel).getByLabelText('Reason'), { target: { value: 'Stream bonus' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'luke: 1,500 points' })).toBeInTheDocument());
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ delta: 300, note: 'Stream bonus' });
    expect((store.getState() as { toasts: { items: { message: string }[] } }).toasts.items.map((t) => t.message)).toContain(
      'Granted 300 points.',
    );
  });
});
