import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminRace } from '@kickback/contracts';
import { mockFetch, SERVER_ERROR } from '../../test/fetch-polyfill';
import { recordFetches } from '../../test/fetch-mocks';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PayoutsOverdueAlert } from './go-live-payouts-alert';
import { RacePanel } from './go-live-race';

const race = (id: number, over: Partial<AdminRace> = {}): AdminRace => ({
  id,
  platform_id: 3,
  platform_name: 'Roobet',
  title: `Race ${id}`,
  starts_at: '2026-12-05T18:00:00.000Z',
  ends_at: '2026-12-07T18:00:00.000Z',
  prizes: [{ amount: 100, currency: '$' }],
  min_wager: 0,
  rules: '',
  is_visible: true,
  status: 'live',
  ranking: 'window',
  entry_count: 12,
  last_updated: '2026-12-05T19:00:00.000Z',
  last_error: null,
  on_stream: false,
  ...over,
});

const ok = (data: unknown) => ({ body: { success: true, data } });
const toasts = (store: { getState: () => unknown }) =>
  (store.getState() as { toasts: { items: { message: string }[] } }).toasts.items.map((t) => t.message);

/** Go live's race panel (the race on stream, its last refresh, the others) and the overdue payouts alert. */
describe('Go live: the race on stream and overdue payouts', () => {
  it('shows the race on stream with its state and last refresh, switches to another, and flags overdue payouts', async () => {
    const requests = recordFetches((r) => {
      if (r.url === '/api/admin/featured') return ok({ race: 5 });
      if (r.url.startsWith('/api/admin/races'))
        return ok([
          race(5, { title: 'Weekend race' }),
          race(6, { title: 'Stream sprint', status: 'upcoming' }),
          race(7, { title: 'Old race', status: 'finished' }),
          race(8, { title: 'Hidden race', is_visible: false }),
        ]);
      if (r.url === '/api/admin/featured/race') return ok({ race: 6 });
      if (r.url === '/api/admin/payouts-overdue') return ok({ overdue: 3, promise_hours: 72 });
      return undefined;
    });
    const { store } = renderWithProviders(
      <>
        <PayoutsOverdueAlert />
        <RacePanel />
      </>,
      { user: adminFixture },
    );

    const onStream = await screen.findByTestId('go-live-race');
    expect(onStream).toHaveTextContent('Weekend race');
    expect(onStream).toHaveTextContent(/Live · Roobet · ends .+ · 12 placed/);
    expect(screen.getByTestId('go-live-race-refresh')).toHaveTextContent(/^Last refresh /);

    // Only visible races that have not ended can take its place.
    const others = screen.getByRole('list', { name: 'Other upcoming and live races' });
    expect(
      within(others)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Show Stream sprint on stream']);
    fireEvent.click(within(others).getByRole('button', { name: 'Show Stream sprint on stream' }));
    await waitFor(() => expect(toasts(store)).toContain('Stream sprint is on stream now'));
    expect(JSON.parse(String(requests.find((r) => r.url === '/api/admin/featured/race')!.body))).toEqual({ id: 6 });

    const alert = await screen.findByTestId('payouts-overdue-alert');
    expect(alert).toHaveTextContent('3 payouts waited longer than the 72 hours you promised.');
    expect(within(alert).getByRole('link', { name: 'Open the payouts queue' })).toHaveAttribute('href', '/payouts?age=overdue&status=all');
  });

  it("tells a moderator how many payouts are overdue, without the link to the admins' queue", async () => {
    mockFetch((r) => (r.url === '/api/admin/payouts-overdue' ? ok({ overdue: 1, promise_hours: 48 }) : undefined));
    renderWithProviders(<PayoutsOverdueAlert />, { user: { ...adminFixture, role: 'moderator' } });
    const alert = await screen.findByTestId('payouts-overdue-alert');
    expect(alert).toHaveTextContent('1 payout waited longer than the 48 hours you promised.');
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('says when the last refresh failed, and raises no alert when nothing is overdue', async () => {
    mockFetch((r) => {
      if (r.url === '/api/admin/featured') return ok({ race: 5 });
      if (r.url.startsWith('/api/admin/races')) return ok([race(5, { last_error: 'Roobet answered 503' })]);
      if (r.url === '/api/admin/payouts-overdue') return ok({ overdue: 0, promise_hours: 72 });
      return undefined;
    });
    renderWithProviders(
      <>
        <PayoutsOverdueAlert />
        <RacePanel />
      </>,
      { user: adminFixture },
    );
    expect(await screen.findByTestId('go-live-race-refresh')).toHaveTextContent('Last refresh failed: Roobet answered 503');
    await waitFor(() => expect(screen.getByTestId('go-live-race-refresh')).toHaveClass('field-error'));
    expect(screen.queryByTestId('payouts-overdue-alert')).toBeNull();
  });

  it('says when no race is on stream, and when the races cannot be read', async () => {
    let fail = false;
    mockFetch((r) => {
      if (r.url === '/api/admin/featured') return ok({ race: null });
      if (r.url.startsWith('/api/admin/races')) return fail ? SERVER_ERROR : ok([]);
      return undefined;
    });
    const first = renderWithProviders(<RacePanel />, { user: adminFixture });
    expect(await screen.findByText('No race is on stream. Create one in Wager Races.')).toBeInTheDocument();
    first.unmount();
    fail = true;
    renderWithProviders(<RacePanel />, { user: adminFixture });
    expect(await screen.findByText('Failed to load the races.')).toBeInTheDocument();
  });
});
