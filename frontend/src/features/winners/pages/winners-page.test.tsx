import { act, fireEvent, screen, within } from '@testing-library/react';
import type { RecentWinner } from '@kickback/contracts';
import { mockFetch } from '../../../test/fetch-polyfill';
import { renderWithProviders } from '../../../test/render';
import { createdSockets } from '../../../test/socket-io-client-stub';
import WinnersPage from './winners-page';

const winner = (raffleId: number, position: number, username: string, overrides: Partial<RecentWinner['raffle']> = {}): RecentWinner => ({
  raffle: { id: raffleId, title: `Raffle ${raffleId}`, image: null, prize_description: '', prize_value_usd: 0, ...overrides },
  user: { id: raffleId * 10 + position, username, kick_username: `${username}_k`, avatar: null, avatar_url: null },
  position,
  won_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
});

const page = (data: RecentWinner[], current = 1, last = 1) => ({
  body: { success: true, data, pagination: { current_page: current, last_page: last, per_page: 24, total: data.length } },
});

describe('Recent Winners', () => {
  it('lists each winner with links to the member and the raffle, the prize and when, and pages', async () => {
    const fetchMock = mockFetch((r) => {
      if (r.url === '/api/r/winners?page=1')
        return page([winner(7, 1, 'ann', { prize_description: 'Gaming chair', prize_value_usd: 300 })], 1, 2);
      if (r.url === '/api/r/winners?page=2') return page([winner(3, 2, 'bob')], 2, 2);
      return undefined;
    });
    renderWithProviders(<WinnersPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading winners...');
    const list = await screen.findByTestId('recent-winners');
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: /ann_k/ })).toHaveAttribute('href', '/profile/ann');
    expect(within(row).getByRole('link', { name: 'Raffle 7' })).toHaveAttribute('href', '/raffles/7');
    expect(row).toHaveTextContent('Gaming chair · $300.00');
    expect(row).toHaveTextContent('3 hours ago');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Raffle 3' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(2);
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
          : page([winner(1, 1, 'cat')])
        : undefined,
    );
    renderWithProviders(<WinnersPage />);
    expect(await screen.findByRole('heading', { name: 'Failed to load winners' })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Raffle 1' })).toBeInTheDocument();
  });

  it('joins the winners room and reloads when a raffle is drawn anywhere', async () => {
    let drawn = false;
    mockFetch((r) =>
      r.url === '/api/r/winners?page=1' ? page(drawn ? [winner(9, 1, 'dan'), winner(1, 1, 'cat')] : [winner(1, 1, 'cat')]) : undefined,
    );
    renderWithProviders(<WinnersPage />);
    expect(await screen.findByRole('link', { name: 'Raffle 1' })).toBeInTheDocument();
    const socket = createdSockets.at(-1)!;
    act(() => socket.serverConnect());
    expect(socket.emitted).toContainEqual(['room:join', 'winners']);
    drawn = true;
    act(() => socket.serverEmit('raffle:drawn', { raffle_id: 9, winners: [], seed: 'x' }));
    expect(await screen.findByRole('link', { name: 'Raffle 9' })).toBeInTheDocument();
  });
});
