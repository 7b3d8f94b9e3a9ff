import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminPlatform, AdminRace } from '@kickback/contracts';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import RacesAdminPage from './races-admin-page';

const race = (over: Partial<AdminRace>): AdminRace => ({
  id: 1,
  platform_id: 3,
  platform_name: 'Gamdom',
  title: 'Weekend race',
  starts_at: '2026-12-05T18:00:30.000Z',
  ends_at: '2026-12-07T18:00:00.000Z',
  prizes: [{ amount: 100, currency: '$' }, { text: 'Signed shirt' }],
  min_wager: 0,
  rules: '',
  is_visible: true,
  status: 'live',
  ranking: 'snapshot',
  entry_count: 12,
  last_updated: null,
  last_error: 'Gamdom answered 503',
  on_stream: false,
  ...over,
});

const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { type: string; message: string }[] } }).toasts.items.map((t) => `${t.type}: ${t.message}`);

describe('RacesAdminPage', () => {
  it('lists races with their ranking and last refresh, creates one with a prize ladder, edits and cancels a live one', async () => {
    const requests: TestRequest[] = [];
    let refreshes = 0;
    mockFetch((request) => {
      requests.push(request);
      const { url, method } = request;
      if (url === '/api/admin/races' && method === 'GET') return { body: { success: true, data: [race({})] } };
      if (url === '/api/admin/leaderboard/platforms')
        return { body: { success: true, data: [{ id: 3, name: 'Gamdom', source_type: 'gamdom' } as AdminPlatform] } };
      if (url === '/api/admin/races' && method === 'POST')
        return { status: 201, body: { success: true, data: race({ id: 2, title: 'Stream sprint', status: 'upcoming' }) } };
      if (url === '/api/admin/races/1/refresh')
        return refreshes++ === 0
          ? {
              body: {
                success: true,
                data: race({ last_error: null, last_updated: '2026-12-05T19:00:00.000Z' }),
                message: 'Race refreshed.',
              },
            }
          : { body: { success: true, data: race({}), message: 'The refresh failed: Gamdom answered 503' } };
      if (url === '/api/admin/races/1/cancel') return { body: { success: true, data: race({ status: 'cancelled' }) } };
      if (url === '/api/admin/races/1' && method === 'PUT') return { body: { success: true, data: race({ title: 'Longer race' }) } };
      return undefined;
    });
    const { store } = renderWithProviders(<RacesAdminPage />, { user: adminFixture });
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('Start snapshot')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$100.00, Signed shirt')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed: Gamdom answered 503')).toBeInTheDocument();
    // A live race is cancelled, never deleted.
    expect(within(rows[1]!).queryByRole('button', { name: 'Delete Weekend race' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add Race' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Stream sprint' } });
    await screen.findByRole('option', { name: 'Gamdom (gamdom)' });
    fireEvent.change(screen.getByLabelText('Casino (leaderboard platform)'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Start (UTC)'), { target: { value: '2026-12-05T18:00' } });
    fireEvent.change(screen.getByLabelText('End (UTC)'), { target: { value: '2026-12-05T21:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add place' }));
    fireEvent.change(screen.getByLabelText('Place 1 amount'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add place' }));
    fireEvent.change(screen.getByLabelText('Place 2 currency'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Place 2 text prize'), { target: { value: 'A hoodie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Race' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Stream sprint created'));
    const post = requests.find((r) => r.method === 'POST' && r.url === '/api/admin/races')!;
    expect(JSON.parse(String(post.body))).toEqual({
      title: 'Stream sprint',
      platform_id: 3,
      starts_at: '2026-12-05T18:00:00.000Z',
      ends_at: '2026-12-05T21:00:00.000Z',
      prizes: [{ amount: 25, currency: '$' }, { text: 'A hoodie' }],
      min_wager: 0,
      rules: '',
      is_visible: true,
    });

    // Editing a running race sends its start back to the second, so the server sees no attempt to move it.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Weekend race' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Longer race' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Longer race saved'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toMatchObject({ title: 'Longer race', starts_at: '2026-12-05T18:00:30.000Z' });

    // A live race can be refreshed at once (after a CSV import); a failed fetch is said as the server says it, not as a success.
    fireEvent.click(screen.getByRole('button', { name: 'Refresh now: Weekend race' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Race refreshed.'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh now: Weekend race' }));
    await waitFor(() => expect(toasts(store)).toContain('warning: The refresh failed: Gamdom answered 503'));
    expect(requests.filter((r) => r.url === '/api/admin/races/1/refresh' && r.method === 'POST')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Weekend race' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Weekend race cancelled'));
  });
});
