import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { raffle } from '../../test/raffle-fixtures';
import { renderWithProviders } from '../../test/render';
import RafflesAdminPage from './raffles-admin-page';
import { recordFetches, refusedAnswer } from '../../test/fetch-mocks';

describe('Raffles admin', () => {
  beforeEach(() => resetSocketForTests());

  it('follows the admin room: entry counters patched in place, a raffle created elsewhere listed without a reload', async () => {
    let listed = [raffle()];
    let reads = 0;
    mockFetch((r) => {
      if (!r.url.startsWith('/api/admin/raffles?page=1')) return undefined;
      reads += 1;
      return { body: { success: true, data: listed, pagination: { current_page: 1, last_page: 1, per_page: 25, total: listed.length } } };
    });
    renderWithProviders(<RafflesAdminPage />, { user: adminFixture });
    const row = (await screen.findByText('Chair')).closest('tr')!;
    const socket = (await getSocket()) as unknown as FakeSocket;

    // The list listens once its first page is in; pushes are idempotent, so sending again until then is harmless.
    await waitFor(() => {
      act(() => socket.serverEmit('admin:raffle-totals', { raffle_id: 5, total_entries: 13, participants_count: 11 }));
      expect(within(row).getByText('13 tickets (11 people)')).toBeInTheDocument();
    });
    // A late push of an older window never counts backwards.
    act(() => socket.serverEmit('admin:raffle-totals', { raffle_id: 5, total_entries: 12, participants_count: 10 }));
    expect(within(row).getByText('13 tickets (11 people)')).toBeInTheDocument();
    expect(reads).toBe(1);

    listed = [raffle({ id: 9, title: 'Friday $50', total_entries: 1, participants_count: 1 }), ...listed];
    act(() => socket.serverEmit('admin:changed', { section: 'bonus-hunts', id: 3 }));
    act(() => socket.serverEmit('admin:changed', { section: 'raffles', id: 9 }));
    const added = (await screen.findByText('Friday $50')).closest('tr')!;
    expect(within(added).getByText('1 ticket (1 person)')).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('lists raffles with entry counts and a CSV link, and draws after confirmation', async () => {
    const calls = recordFetches((r) => {
      if (r.url.startsWith('/api/admin/raffles?page=1'))
        return { body: { success: true, data: [raffle()], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } } };
      if (r.url === '/api/admin/raffles/5/draw' && r.method === 'POST')
        return { body: { success: true, data: raffle(), message: '3 winners drawn for Chair.' } };
      return undefined;
    });
    const { store } = renderWithProviders(<RafflesAdminPage />, { user: adminFixture });
    const row = (await screen.findByText('Chair')).closest('tr')!;
    expect(within(row).getByText('12 tickets (10 people)')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'CSV' })).toHaveAttribute('href', '/api/admin/raffles/5/entries.csv');
    fireEvent.click(within(row).getByRole('button', { name: 'Draw now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Draw winners now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Draw now' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/raffles/5/draw' && c.method === 'POST')).toBe(true));
    // The toast says what happened: the server's message, which the client finds beside `data`.
    await waitFor(() => expect(store.getState().toasts.items.map((t) => t.message)).toContain('3 winners drawn for Chair.'));
  });

  it('offers a draw only for a started raffle with entries; cancelling says what happens and offers to keep the raffle', async () => {
    const pending = raffle({ id: 6, title: 'Mouse', status: 'Pending', is_accepting_entries: false, total_entries: 0 });
    const empty = raffle({ id: 7, title: 'Desk', total_entries: 0, participants_count: 0 });
    const calls = recordFetches((r) => {
      return r.url.startsWith('/api/admin/raffles?page=1')
        ? {
            body: {
              success: true,
              data: [pending, empty, raffle()],
              pagination: { current_page: 1, last_page: 1, per_page: 25, total: 3 },
            },
          }
        : undefined;
    });
    renderWithProviders(<RafflesAdminPage />, { user: adminFixture });
    const row = (title: string) => screen.getByText(title).closest('tr')!;
    await screen.findByText('Mouse');
    expect(within(row('Mouse')).queryByRole('button', { name: 'Draw now' })).toBeNull();
    expect(within(row('Desk')).queryByRole('button', { name: 'Draw now' })).toBeNull();
    expect(within(row('Chair')).getByRole('button', { name: 'Draw now' })).toBeInTheDocument();

    fireEvent.click(within(row('Chair')).getByRole('button', { name: 'Cancel raffle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel raffle?' });
    expect(dialog).toHaveTextContent('Chair will stop accepting entries and every points entry is refunded.');
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep raffle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers a reroll per drawn winner and no edit or draw once drawn', async () => {
    const drawn = raffle({
      drawn_at: '2026-11-22T00:00:00Z',
      status: 'Ended',
      has_ended: true,
      winners: [{ id: 1, username: 'ann', kick_username: 'ann_k', avatar: null, avatar_url: null }],
    });
    mockFetch((r) =>
      r.url.startsWith('/api/admin/raffles?page=1')
        ? { body: { success: true, data: [drawn], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } } }
        : undefined,
    );
    renderWithProviders(<RafflesAdminPage />, { user: adminFixture });
    const row = (await screen.findByText('Chair')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Reroll #1' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Draw now' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit Chair' })).toBeNull();
  });

  it("shows each winner's claim; a claimed prize offers no reroll; inside the window a reroll names the time left and needs a reason", async () => {
    const inTwelveMinutes = new Date(Date.now() + 12 * 60_000 + 30_000).toISOString();
    const drawn = raffle({
      drawn_at: '2026-11-22T00:00:00Z',
      status: 'Ended',
      has_ended: true,
      claim_window_minutes: 15,
      winners: [
        { id: 1, username: 'ann', kick_username: 'ann_k', avatar: null, avatar_url: null },
        { id: 2, username: 'bob', kick_username: 'bob_k', avatar: null, avatar_url: null },
      ],
      winner_claims: [
        { position: 1, user_id: 1, claim_deadline: '2026-11-22T00:15:00Z', claimed_at: '2026-11-22T00:03:00Z' },
        { position: 2, user_id: 2, claim_deadline: inTwelveMinutes, claimed_at: null },
      ],
    });
    const calls = recordFetches((r) => {
      if (r.url.startsWith('/api/admin/raffles?page=1'))
        return { body: { success: true, data: [drawn], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } } };
      if (r.url === '/api/admin/raffles/5/reroll') return { body: { success: true, message: 'Winner #2 of Chair rerolled.', data: drawn } };
      return undefined;
    });
    renderWithProviders(<RafflesAdminPage />, { user: adminFixture });
    const row = (await screen.findByText('Chair')).closest('tr')!;
    expect(within(row).getByTestId('admin-raffle-claim-5-1')).toHaveTextContent(/^Claimed /);
    expect(within(row).getByTestId('admin-raffle-claim-5-2')).toHaveTextContent(/^Claim by .* \(12 minutes left\)$/);
    expect(within(row).queryByRole('button', { name: 'Reroll #1' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Reroll #2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('reroll-message')).toHaveTextContent('bob_k still has 12 minutes to claim the prize.');
    const confirm = within(dialog).getByRole('button', { name: 'Reroll' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason (the winner sees it)'), { target: { value: 'Left the stream' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/raffles/5/reroll')).toBe(true));
    const sent = calls.find((c) => c.url === '/api/admin/raffles/5/reroll')!;
    expect(JSON.parse(String(sent.body))).toEqual({ position: 2, reason: 'Left the stream' });
  });

  it("shows the server's field errors under the form, and a reopened form starts without them", async () => {
    mockFetch((r) => {
      if (r.url.startsWith('/api/admin/raffles?page=1'))
        return { body: { success: true, data: [raffle()], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } } };
      if (r.url === '/api/admin/raffles' && r.method === 'POST') return refusedAnswer({ title: ['That title is taken.'] });
      return undefined;
    });
    renderWithProviders(<RafflesAdminPage />, { user: adminFixture });
    await screen.findByText('Chair');
    fireEvent.click(screen.getByRole('button', { name: 'New Raffle' }));
    const form = screen.getByRole('form', { name: 'New raffle' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Chair' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('That title is taken.')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'New Raffle' }));
    expect(within(screen.getByRole('form', { name: 'New raffle' })).queryByText('That title is taken.')).toBeNull();
  });

  it("sends the entry rules set in the form (null when none) and shows a rule field's error under it", async () => {
    const bodies: unknown[] = [];
    mockFetch((r) => {
      if (r.url.startsWith('/api/admin/raffles?page=1'))
        return { body: { success: true, data: [raffle()], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } } };
      if (r.url === '/api/admin/raffles' && r.method === 'POST') {
        bodies.push(r.body ? JSON.parse(String(r.body)) : null);
        return refusedAnswer({ 'entry_rules.subscriber_multiplier': ['At most ×10.'] });
      }
      return undefined;
    });
    renderWithProviders(<RafflesAdminPage />, { user: adminFixture });
    await screen.findByText('Chair');
    fireEvent.click(screen.getByRole('button', { name: 'New Raffle' }));
    const form = screen.getByRole('form', { name: 'New raffle' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Sub-only giveaway' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ entry_rules: null });

    fireEvent.click(within(form).getByLabelText('Subscribers only'));
    fireEvent.change(within(form).getByLabelText('Minimum level'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Subscriber luck (×2 to ×10)'), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      entry_rules: { followers_only: false, subscribers_only: true, min_level: 5, subscriber_multiplier: 12, min_watch_minutes: null },
    });
    expect(await within(form).findByText('At most ×10.')).toBeInTheDocument();
  });
});
