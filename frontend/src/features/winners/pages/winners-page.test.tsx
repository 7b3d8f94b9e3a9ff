import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecentWinner, WinnerSource } from '@kickback/contracts';
import { failingUntilRecovered, mockFetch } from '../../../test/fetch-polyfill';
import { renderWithProviders } from '../../../test/render';
import { createdSockets } from '../../../test/socket-io-client-stub';
import WinnersPage from './winners-page';

const PATHS: Record<WinnerSource, (id: number) => string> = {
  raffle: (id) => `/raffles/${id}`,
  hunt: () => '/bonus-hunts',
  tournament: (id) => `/tournaments/${id}`,
  leaderboard: () => '/leaderboard',
  race: (id) => `/races/${id}`,
};

const winner = (id: number, source: WinnerSource, username: string | null, overrides: Partial<RecentWinner> = {}): RecentWinner => ({
  id,
  source,
  user: username ? { id: id * 10, username, kick_username: `${username}_k`, avatar: null, avatar_url: null } : null,
  name: username ? `${username}_k` : 'hi*****',
  position: 1,
  prize: '500 points',
  prize_value_usd: null,
  prize_points: 500,
  subject: { id, title: `${source} ${id}`, path: PATHS[source](id) },
  won_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
  ...overrides,
});

const page = (data: RecentWinner[], current = 1, last = 1) => ({
  body: { success: true, data, pagination: { current_page: current, last_page: last, per_page: 24, total: data.length } },
});

describe('Recent Winners', () => {
  it('lists each winner with links to the member and the source, the prize and when, and pages', async () => {
    const fetchMock = mockFetch((r) => {
      if (r.url === '/api/r/winners?page=1')
        return page([winner(7, 'raffle', 'ann', { prize: 'Gaming chair', prize_value_usd: 300, prize_points: null })], 1, 2);
      if (r.url === '/api/r/winners?page=2') return page([winner(3, 'tournament', 'bob')], 2, 2);
      return undefined;
    });
    renderWithProviders(<WinnersPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading winners...');
    const list = await screen.findByTestId('recent-winners');
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: /ann_k/ })).toHaveAttribute('href', '/profile/ann');
    expect(within(row).getByRole('link', { name: 'raffle 7' })).toHaveAttribute('href', '/raffles/7');
    expect(row).toHaveTextContent('Gaming chair · $300.00');
    expect(row).toHaveTextContent('3 hours ago');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'tournament 3' })).toHaveAttribute('href', '/tournaments/3');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(2);
  });

  it('shows a leaderboard player who is no member without a profile link', async () => {
    mockFetch((r) =>
      r.url === '/api/r/winners?page=1'
        ? page([winner(4, 'leaderboard', null, { prize: '$2,500.00', prize_value_usd: 2500, prize_points: null })])
        : undefined,
    );
    renderWithProviders(<WinnersPage />);
    const row = within(await screen.findByTestId('recent-winners')).getByRole('listitem');
    expect(row).toHaveTextContent('hi*****');
    expect(row).toHaveTextContent('$2,500.00');
    expect(
      within(row)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/leaderboard']);
  });

  it('filters by source', async () => {
    const fetchMock = mockFetch((r) => {
      if (r.url === '/api/r/winners?page=1') return page([winner(1, 'raffle', 'ann'), winner(2, 'hunt', 'bob')]);
      if (r.url === '/api/r/winners?page=1&source=hunt') return page([winner(2, 'hunt', 'bob')]);
      return undefined;
    });
    renderWithProviders(<WinnersPage />);
    expect(within(await screen.findByTestId('recent-winners')).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Bonus Hunts' }));
    expect(await screen.findByRole('button', { name: 'Bonus Hunts', pressed: true })).toBeInTheDocument();
    await screen.findByText((_, el) => el?.tagName === 'OL' && el.querySelectorAll('li').length === 1);
    expect(screen.getByRole('link', { name: 'hunt 2' })).toHaveAttribute('href', '/bonus-hunts');
    expect(fetchMock.mock.calls.map(([req]) => (typeof req === 'string' ? req : req.url))).toContain('/api/r/winners?page=1&source=hunt');
  });

  it('says so when nobody has won yet', async () => {
    mockFetch((r) => (r.url === '/api/r/winners?page=1' ? page([]) : undefined));
    renderWithProviders(<WinnersPage />);
    expect(await screen.findByRole('heading', { name: 'No winners yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the raffles' })).toHaveAttribute('href', '/raffles');
    expect(screen.queryByRole('navigation', { name: 'Winners pages' })).toBeNull();
  });

  it('offers to try again when loading fails', async () => {
    const server = failingUntilRecovered('/api/r/winners?page=1', () => page([winner(1, 'raffle', 'cat')]));
    renderWithProviders(<WinnersPage />);
    expect(await screen.findByRole('heading', { name: 'Failed to load winners' })).toBeInTheDocument();
    server.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'raffle 1' })).toBeInTheDocument();
  });

  describe('live (issue #16: a push is applied, not refetched)', () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    const older = (n: number) => Array.from({ length: n }, (_, i) => winner(100 + i, 'raffle', `m${i}`, { won_at: hoursAgo(10 + i) }));
    const pageOf = (data: RecentWinner[], current: number, total: number) => ({
      body: {
        success: true,
        data,
        pagination: { current_page: current, last_page: Math.max(1, Math.ceil(total / 24)), per_page: 24, total },
      },
    });
    const connect = async () => {
      const socket = createdSockets.at(-1)!;
      act(() => socket.serverConnect());
      expect(socket.emitted).toContainEqual(['room:join', 'winners']);
      return socket;
    };
    const settle = () =>
      act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    const names = () =>
      within(screen.getByTestId('recent-winners'))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.winners__name')!.textContent);

    it('puts the pushed winners on the first page in order, drops the rows pushed to page 2 and counts the pages, with no read', async () => {
      const requests: string[] = [];
      mockFetch((r) => {
        requests.push(r.url);
        return r.url === '/api/r/winners?page=1' ? pageOf(older(24), 1, 25) : undefined;
      });
      renderWithProviders(<WinnersPage />);
      expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
      const socket = await connect();
      // Two rows of one draw (same time: by place) and an older one that sorts into the middle of the page.
      const now = hoursAgo(0);
      act(() =>
        socket.serverEmit('winners:new', {
          winners: [
            winner(201, 'raffle', 'second', { won_at: now, position: 2, subject: { id: 50, title: 'Big raffle', path: '/raffles/50' } }),
            winner(200, 'raffle', 'first', { won_at: now, position: 1, subject: { id: 50, title: 'Big raffle', path: '/raffles/50' } }),
            winner(202, 'leaderboard', null, { won_at: hoursAgo(10.5) }),
          ],
          removed: [],
          at: now,
        }),
      );
      await waitFor(() => expect(names()[0]).toBe('first_k'));
      expect(names()).toHaveLength(24);
      expect(names().slice(0, 4)).toEqual(['first_k', 'second_k', 'm0_k', 'hi*****']);
      expect(names()).not.toContain('m21_k');
      expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
      // The same push again (delivery is at least once) changes nothing.
      act(() => socket.serverEmit('winners:new', { winners: [winner(200, 'raffle', 'first', { won_at: now })], removed: [], at: now }));
      act(() =>
        socket.serverEmit('winners:new', {
          winners: Array.from({ length: 22 }, (_, i) => winner(300 + i, 'hunt', `h${i}`, { won_at: hoursAgo(1) })),
          removed: [],
          at: now,
        }),
      );
      expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
      await settle();
      expect(requests).toEqual(['/api/r/winners?page=1']);
    });

    it('a source filter takes only its own rows', async () => {
      const requests: string[] = [];
      mockFetch((r) => {
        requests.push(r.url);
        return r.url === '/api/r/winners?page=1&source=hunt' ? pageOf([winner(2, 'hunt', 'bob')], 1, 1) : undefined;
      });
      renderWithProviders(<WinnersPage />, { route: '/?source=hunt' });
      expect(await screen.findByRole('link', { name: 'hunt 2' })).toBeInTheDocument();
      const socket = await connect();
      const now = new Date().toISOString();
      act(() =>
        socket.serverEmit('winners:new', {
          winners: [winner(8, 'raffle', 'ann', { won_at: now }), winner(9, 'hunt', 'dan', { won_at: now })],
          removed: [{ id: 77, source: 'raffle' }],
          at: now,
        }),
      );
      expect(await screen.findByRole('link', { name: 'hunt 9' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'raffle 8' })).toBeNull();
      expect(names()).toEqual(['dan_k', 'bob_k']);
      await settle();
      expect(requests).toEqual(['/api/r/winners?page=1&source=hunt']);
    });

    it('a raffle reroll swaps the rerolled winner for the new one in one push, with no read', async () => {
      const requests: string[] = [];
      const drawn = winner(5, 'raffle', 'eve', { prize: 'Headset' });
      mockFetch((r) => {
        requests.push(r.url);
        return r.url === '/api/r/winners?page=1' ? pageOf([drawn, winner(4, 'hunt', 'bob')], 1, 2) : undefined;
      });
      renderWithProviders(<WinnersPage />);
      expect(await screen.findByRole('link', { name: /eve_k/ })).toBeInTheDocument();
      const socket = await connect();
      const now = new Date().toISOString();
      act(() =>
        socket.serverEmit('winners:new', {
          winners: [winner(6, 'raffle', 'fay', { prize: 'Headset', subject: drawn.subject, won_at: now })],
          removed: [{ id: 5, source: 'raffle' }],
          at: now,
        }),
      );
      expect(await screen.findByRole('link', { name: /fay_k/ })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /eve_k/ })).toBeNull();
      expect(names()).toEqual(['fay_k', 'bob_k']);
      await settle();
      expect(requests).toEqual(['/api/r/winners?page=1']);
    });

    it('a later page is marked stale, not read while shown, and read again when opened later', async () => {
      const requests: string[] = [];
      let reads = 0;
      mockFetch((r) => {
        requests.push(r.url);
        if (r.url === '/api/r/winners?page=1') return pageOf(older(24), 1, 30);
        if (r.url === '/api/r/winners?page=2') {
          reads += 1;
          return pageOf([winner(400 + reads, 'tournament', `page2read${reads}`)], 2, 30);
        }
        return undefined;
      });
      renderWithProviders(<WinnersPage />, { route: '/?page=2' });
      expect(await screen.findByText('page2read1_k')).toBeInTheDocument();
      const socket = await connect();
      const now = new Date().toISOString();
      act(() => socket.serverEmit('winners:new', { winners: [winner(500, 'hunt', 'new', { won_at: now })], removed: [], at: now }));
      await settle();
      expect(screen.getByText('page2read1_k')).toBeInTheDocument();
      expect(requests).toEqual(['/api/r/winners?page=2']);

      fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
      expect(await screen.findByText('m0_k')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('page2read2_k')).toBeInTheDocument();
      expect(requests).toEqual(['/api/r/winners?page=2', '/api/r/winners?page=1', '/api/r/winners?page=2']);
    });

    it('reads the first page again only when a removal leaves it short of a row the push does not carry', async () => {
      const requests: string[] = [];
      mockFetch((r) => {
        requests.push(r.url);
        return r.url === '/api/r/winners?page=1' ? pageOf(requests.length === 1 ? older(24) : older(25).slice(1), 1, 25) : undefined;
      });
      renderWithProviders(<WinnersPage />);
      expect(await screen.findByText('m0_k')).toBeInTheDocument();
      const socket = await connect();
      act(() => socket.serverEmit('winners:new', { winners: [], removed: [{ id: 100, source: 'raffle' }], at: new Date().toISOString() }));
      expect(await screen.findByText('m24_k')).toBeInTheDocument();
      expect(requests).toEqual(['/api/r/winners?page=1', '/api/r/winners?page=1']);
    });
  });
});
