import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toRaffleEntryPush, type AdminRaffle, type AdminRaffleEntry } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import { RaffleAdminEntries } from './raffle-admin-entries';
import { recordFetches } from '../../test/fetch-mocks';

const entry = (id: number, name: string, tickets = 1): AdminRaffleEntry => ({
  id,
  entry_type: 'passwordless',
  tickets,
  points_spent: 0,
  created_at: '2026-11-24T10:00:00Z',
  user: { id: id + 1000, username: name, kick_username: name, avatar: null, avatar_url: null },
});

const page = (n: number, data: AdminRaffleEntry[]) => ({
  body: { success: true, data, pagination: { current_page: n, last_page: 2, per_page: 2, total: 3 }, tickets_total: 4 },
});

describe('Raffle admin entries', () => {
  afterEach(() => resetSocketForTests());

  it('shows the newest rows a page at a time with the totals, and puts pushed entries on top of page 1', async () => {
    const requests = recordFetches((r) => {
      if (r.url === '/api/admin/raffles/5/entries?page=1') return page(1, [entry(30, 'cat', 2), entry(20, 'bob')]);
      if (r.url === '/api/admin/raffles/5/entries?page=2') return page(2, [entry(10, 'ann')]);
      return undefined;
    });
    renderWithProviders(<RaffleAdminEntries raffle={{ id: 5, title: 'Chair' } as AdminRaffle} onClose={() => undefined} />, {
      user: adminFixture,
    });
    expect(await screen.findByRole('heading', { name: 'Entries of Chair: 3 rows, 4 tickets' })).toBeInTheDocument();
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(names()).toEqual(['cat', 'bob']);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('ann')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('cat')).toBeInTheDocument();

    const socket = (await getSocket()) as unknown as FakeSocket;
    const reads = requests.length;
    act(() =>
      socket.serverEmit('raffle:entries', {
        raffle_id: 5,
        total_entries: 6,
        participants_count: 4,
        entries: [toRaffleEntryPush(entry(40, 'dan'), 40), toRaffleEntryPush(entry(30, 'cat', 3), 30)],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Entries of Chair: 4 rows, 6 tickets' })).toBeInTheDocument();
    expect(names()).toEqual(['dan', 'cat']);
    expect(screen.getAllByRole('row')[2]).toHaveTextContent('3');
    expect(requests.length).toBe(reads);
  });

  it('marks entrants that look like alts and shows subscriber luck, for the admin only', async () => {
    mockFetch((r) =>
      r.url === '/api/admin/raffles/6/entries?page=1'
        ? page(1, [
            { ...entry(40, 'fresh'), signals: ['new-account', 'no-watch-time', 'no-chat'], account_age_days: 1, multiplier: 1 },
            { ...entry(41, 'regular'), signals: [], account_age_days: 400, multiplier: 3 },
          ])
        : undefined,
    );
    renderWithProviders(<RaffleAdminEntries raffle={{ id: 6, title: 'Desk' } as AdminRaffle} onClose={() => undefined} />, {
      user: adminFixture,
    });
    const fresh = (await screen.findByText('fresh')).closest('tr')!;
    expect(
      within(within(fresh).getByRole('list', { name: 'Looks like an alt' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['New account (1 day old)', 'No watch time', 'Never chatted']);
    const regular = screen.getByText('regular').closest('tr')!;
    expect(within(regular).queryByRole('list', { name: 'Looks like an alt' })).toBeNull();
    expect(regular).toHaveTextContent('×3');
  });

  it("applies the raffle's rules to its entrants after a confirmation, then reads the entries again", async () => {
    let applied = false;
    const requests = recordFetches((r) => {
      if (r.url === '/api/admin/raffles/7/entries?page=1')
        return page(1, applied ? [entry(51, 'veteran')] : [entry(50, 'fresh'), entry(51, 'veteran')]);
      if (r.method === 'POST' && r.url === '/api/admin/raffles/7/apply-rules') {
        applied = true;
        return {
          body: {
            success: true,
            message: '1 entrant taken out of the draw for not meeting the rules; points spent were refunded.',
            data: { taken_out: 1, by_rule: [{ rule: 'Your account must be at least 7 days old to enter.', count: 1 }] },
          },
        };
      }
      return undefined;
    });
    const raffle = {
      id: 7,
      title: 'Chair',
      entry_rules: { min_account_age_days: 7 },
      drawn_at: null,
      cancelled: false,
    } as unknown as AdminRaffle;
    const { store } = renderWithProviders(<RaffleAdminEntries raffle={raffle} onClose={() => undefined} />, { user: adminFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply rules to entrants' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply the rules of Chair to its entrants?' });
    expect(dialog).toHaveTextContent('are taken out of the draw and the points they spent are refunded');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply rules' }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((t) => t.message)).toContain(
        '1 entrant taken out of the draw for not meeting the rules; points spent were refunded.',
      ),
    );
    await waitFor(() => expect(screen.queryByText('fresh')).toBeNull());
    expect(screen.getByText('veteran')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/admin/raffles/7/apply-rules']);
  });

  it('offers no rule application without rules or once the raffle is drawn', async () => {
    mockFetch((r) => (r.url === '/api/admin/raffles/8/entries?page=1' ? page(1, [entry(60, 'ann')]) : undefined));
    const drawn = {
      id: 8,
      title: 'Desk',
      entry_rules: { min_level: 2 },
      drawn_at: '2026-11-28T10:00:00Z',
      cancelled: false,
    } as unknown as AdminRaffle;
    const view = renderWithProviders(<RaffleAdminEntries raffle={drawn} onClose={() => undefined} />, { user: adminFixture });
    await screen.findByText('ann');
    expect(screen.queryByRole('button', { name: 'Apply rules to entrants' })).toBeNull();
    view.unmount();
    renderWithProviders(<RaffleAdminEntries raffle={{ ...drawn, drawn_at: null, entry_rules: null }} onClose={() => undefined} />, {
      user: adminFixture,
    });
    await screen.findByText('ann');
    expect(screen.queryByRole('button', { name: 'Apply rules to entrants' })).toBeNull();
  });
});
