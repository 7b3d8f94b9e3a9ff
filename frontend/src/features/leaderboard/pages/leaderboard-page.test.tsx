import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeaderboardData, LeaderboardPlayer } from '@kickback/contracts';
import { mockFetch } from '../../../test/fetch-polyfill';
import { renderWithProviders } from '../../../test/render';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import LeaderboardPage from './leaderboard-page';

const player = (name: string, wagered: number): LeaderboardPlayer => ({ displayName: name, username: name, avatar: null, wagered });

function data(
  endTimestamp: number,
  roobetRest: LeaderboardPlayer[] = [player('delta', 500), player('echo', 250.5), player('foxtrot', 12)],
): LeaderboardData {
  const period = { start: '2026-11-01T00:00:00.000Z', end: new Date(endTimestamp).toISOString(), endTimestamp };
  return {
    platforms: [
      { name: 'Roobet', slug: 'roobet' },
      { name: 'Stake', slug: 'stake' },
    ],
    selected_platform: 'roobet',
    all_leaderboards: {
      roobet: {
        platform: { name: 'Roobet' },
        currency_symbol: '$',
        prizes: [1000, 500, 250, 100],
        current_period: period,
        top_three: [player('alpha', 150000.5), player('bravo', 90000), player('charlie', 1234.567)],
        rest_of_users: roobetRest,
        last_updated: new Date().toISOString(),
      },
      stake: {
        platform: { name: 'Stake' },
        currency_symbol: '€',
        prizes: [300],
        current_period: period,
        top_three: [player('stakeKing', 42)],
        rest_of_users: [],
        last_updated: null,
      },
    },
  };
}

function serve(answers: () => LeaderboardData) {
  return mockFetch((request) => (request.url.endsWith('/api/r/leaderboard') ? { body: { success: true, data: answers() } } : undefined));
}

describe('LeaderboardPage', () => {
  afterEach(() => {
    resetSocketForTests();
    jest.useRealTimers();
  });

  it('shows the podium and the table with ranks after the podium, amounts with 2 decimals and the currency, and prizes', async () => {
    serve(() => data(Date.now() + 86_400_000 * 3));
    renderWithProviders(<LeaderboardPage />);
    const podium = await screen.findByRole('list', { name: 'Top three' });
    expect(within(podium).getByText('alpha')).toBeInTheDocument();
    expect(within(podium).getByText('$150,000.50')).toBeInTheDocument();
    expect(within(podium).getByText('$1,234.57')).toBeInTheDocument();
    expect(within(podium).getByText('$1,000.00')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['#4', 'delta', '$500.00', '$100.00'],
      ['#5', 'echo', '$250.50', '—'],
      ['#6', 'foxtrot', '$12.00', '—'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Rank' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Player' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Wagered' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Prize' })).toBeInTheDocument();
  });

  it('searches only the remaining players: the podium stays, ranks keep their numbers', async () => {
    serve(() => data(Date.now() + 86_400_000));
    renderWithProviders(<LeaderboardPage />);
    const search = await screen.findByPlaceholderText('Search players...');
    fireEvent.change(search, { target: { value: 'ECH' } });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('#5echo');
    expect(within(screen.getByRole('list', { name: 'Top three' })).getByText('alpha')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'alpha' } });
    expect(screen.getByText('No players found matching "alpha"')).toBeInTheDocument();
  });

  it('switches platforms with the tabs', async () => {
    serve(() => data(Date.now() + 86_400_000));
    renderWithProviders(<LeaderboardPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Stake' }));
    expect(screen.getByRole('tab', { name: 'Stake' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Stake Leaderboard' })).toBeInTheDocument();
    expect(screen.getByText('€42.00')).toBeInTheDocument();
    expect(screen.getByText('€300.00')).toBeInTheDocument();
    expect(screen.queryByText('alpha')).not.toBeInTheDocument();
  });

  it('shows the platform tab even when only one platform exists', async () => {
    serve(() => {
      const one = data(Date.now() + 86_400_000);
      return { ...one, platforms: one.platforms.slice(0, 1), all_leaderboards: { roobet: one.all_leaderboards.roobet! } };
    });
    renderWithProviders(<LeaderboardPage />);
    const tabs = await screen.findByRole('tablist', { name: 'Platforms' });
    expect(within(tabs).getAllByRole('tab')).toHaveLength(1);
    expect(within(tabs).getByRole('tab', { name: 'Roobet' })).toHaveAttribute('aria-selected', 'true');
  });

  it('counts down every second and shows Ended after the end', async () => {
    jest.useFakeTimers();
    const end = Date.now() + 2500;
    serve(() => data(end));
    renderWithProviders(<LeaderboardPage />);
    const timer = await screen.findByRole('timer');
    const seconds = () => within(timer).getAllByText(/^\d\d$/)[3]!.textContent;
    const before = seconds();
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(seconds()).not.toBe(before);
    act(() => {
      jest.advanceTimersByTime(3000);
    });
    expect(screen.getByText('Ended')).toBeInTheDocument();
  });

  it('joins the leaderboard room and shows new standings after a push, without reload', async () => {
    let version = 0;
    serve(() => (version === 0 ? data(Date.now() + 86_400_000) : data(Date.now() + 86_400_000, [player('newcomer', 777)])));
    renderWithProviders(<LeaderboardPage />);
    await screen.findByText('delta');
    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    expect(socket.emitted).toEqual(expect.arrayContaining([['room:join', 'leaderboard']]));
    version = 1;
    act(() => socket.serverEmit('leaderboard:updated', { at: new Date().toISOString() }));
    await waitFor(() => expect(screen.getByText('newcomer')).toBeInTheDocument());
    expect(screen.queryByText('delta')).not.toBeInTheDocument();
  });

  it('says so when no platform is configured', async () => {
    mockFetch(() => ({ body: { success: true, data: { platforms: [], selected_platform: null, all_leaderboards: {} } } }));
    renderWithProviders(<LeaderboardPage />);
    expect(await screen.findByText('No Leaderboards Yet')).toBeInTheDocument();
  });
});

describe('LeaderboardPage past periods', () => {
  afterEach(() => resetSocketForTests());

  it('lists finished periods of the selected platform and shows the chosen one as Ended', async () => {
    const current = data(Date.now() + 86_400_000);
    const archivedBoard = {
      ...current.all_leaderboards.roobet!,
      top_three: [player('oldChamp', 999.99)],
      rest_of_users: [player('oldSecond', 10)],
    };
    const summary = (id: number, start: string, end: string, status: 'current' | 'archived') => ({
      id,
      start,
      end,
      endTimestamp: Date.parse(end),
      status,
      entry_count: 2,
      last_updated: end,
    });
    mockFetch((request) => {
      if (request.url.endsWith('/api/r/leaderboard')) return { body: { success: true, data: current } };
      if (request.url.endsWith('/api/r/leaderboard/roobet/periods'))
        return {
          body: {
            success: true,
            data: {
              platform: { name: 'Roobet', slug: 'roobet' },
              periods: [
                summary(3, '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', 'current'),
                summary(2, '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', 'archived'),
              ],
            },
          },
        };
      if (request.url.endsWith('/api/r/leaderboard/roobet/periods/2'))
        return {
          body: {
            success: true,
            data: {
              platform: { name: 'Roobet', slug: 'roobet' },
              period: summary(2, '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', 'archived'),
              board: archivedBoard,
            },
          },
        };
      return undefined;
    });
    renderWithProviders(<LeaderboardPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Past Periods' }));
    expect(await screen.findByText('oldChamp')).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveDisplayValue('Oct 1, 2026 – Oct 31, 2026 (2 players)');
    expect(screen.getByText('Ended')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    // Ranks continue after the podium count, which is one here.
    expect(within(screen.getByRole('table')).getByText('#2')).toBeInTheDocument();
  });
});
