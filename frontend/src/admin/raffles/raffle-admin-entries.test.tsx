import { act, fireEvent, screen, within } from '@testing-library/react';
import { toRaffleEntryPush, type AdminRaffle, type AdminRaffleEntry } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import { RaffleAdminEntries } from './raffle-admin-entries';

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
    const requests: TestRequest[] = [];
    mockFetch((r) => {
      requests.push(r);
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

    const socket = getSocket() as unknown as FakeSocket;
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
});
