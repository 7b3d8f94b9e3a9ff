import { act, fireEvent, screen, within } from '@testing-library/react';
import type { RecentWinner, WinnerSource } from '@kickback/contracts';
import { mockFetch } from '../../../test/fetch-polyfill';
import { renderWithProviders } from '../../../test/render';
import { createdSockets } from '../../../test/socket-io-client-stub';
import WinnersPage from './winners-page';

const PATHS: Record<WinnerSource, (id: number) => string> = {
  raffle: (id) => `/raffles/${id}`,
  hunt: () => '/bonus-hunts',
  tournament: (id) => `/tournaments/${id}`,
  leaderboard: () => '/leaderboard',
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
    let fail = true;
    mockFetch((r) =>
      r.url === '/api/r/winners?page=1'
        ? fail
          ? { status: 500, body: { success: false, message: 'down' } }
          : page([winner(1, 'raffle', 'cat')])
        : undefined,
    );
    renderWithProviders(<WinnersPage />);
    expect(await screen.findByRole('heading', { name: 'Failed to load winners' })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'raffle 1' })).toBeInTheDocument();
  });

  it('joins the winners room and reloads when a prize is paid anywhere', async () => {
    let paid = false;
    mockFetch((r) =>
      r.url === '/api/r/winners?page=1'
        ? page(paid ? [winner(9, 'hunt', 'dan'), winner(1, 'raffle', 'cat')] : [winner(1, 'raffle', 'cat')])
        : undefined,
    );
    renderWithProviders(<WinnersPage />);
    expect(await screen.findByRole('link', { name: 'raffle 1' })).toBeInTheDocument();
    const socket = createdSockets.at(-1)!;
    act(() => socket.serverConnect());
    expect(socket.emitted).toContainEqual(['room:join', 'winners']);
    paid = true;
    act(() => socket.serverEmit('winners:new', { source: 'hunt', at: new Date().toISOString() }));
    expect(await screen.findByRole('link', { name: 'hunt 9' })).toBeInTheDocument();
  });
});
