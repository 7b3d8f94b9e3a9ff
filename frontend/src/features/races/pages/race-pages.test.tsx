import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RaceDetail, RaceList, RaceSummary } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import { failingUntilRecovered, mockFetch, SERVER_ERROR } from '../../../test/fetch-polyfill';
import { renderWithProviders } from '../../../test/render';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import RacePage from './race-page';
import RacesPage from './races-page';

const HOUR = 3_600_000;

const summary = (id: number, status: RaceSummary['status'], over: Partial<RaceSummary> = {}): RaceSummary => {
  const start = Date.now() + (status === 'upcoming' ? HOUR : -HOUR);
  const end = start + (status === 'finished' ? 0.5 * HOUR : 2 * HOUR);
  return {
    id,
    title: `Race ${id}`,
    platform: { name: 'Roobet', slug: 'roobet' },
    currency_symbol: '$',
    status,
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(end).toISOString(),
    startTimestamp: start,
    endTimestamp: end,
    prizes: [{ amount: 100, currency: '$' }, { text: 'Signed shirt' }],
    min_wager: 0,
    entry_count: 2,
    last_updated: null,
    ...over,
  };
};

const detail = (standings: [string, number][]): RaceDetail => ({
  race: {
    ...summary(4, 'live'),
    rules: 'Slots only.',
    ranking: 'window',
    notes: ['Counts every bet placed between the start and the end of the race.'],
  },
  standings: standings.map(([name, wagered], i) => ({
    rank: i + 1,
    displayName: name,
    username: name,
    avatar: null,
    wagered,
    prize: [{ amount: 100, currency: '$' }, { text: 'Signed shirt' }][i] ?? null,
  })),
  me: { rank: 2, wagered: 80, username: 'bob' },
});

describe('RacesPage', () => {
  it('lists live, upcoming and finished races with their countdowns and first prize', async () => {
    const list: RaceList = { live: [summary(1, 'live')], upcoming: [summary(2, 'upcoming')], finished: [summary(3, 'finished')] };
    mockFetch((r) => (r.url === '/api/r/races' ? { body: { success: true, data: list } } : undefined));
    renderWithProviders(<RacesPage />);
    const live = await screen.findByRole('region', { name: 'Live' });
    expect(within(live).getByRole('link', { name: 'Race 1' })).toHaveAttribute('href', '/races/1');
    expect(within(live).getByRole('timer', { name: 'Ends in' })).toBeInTheDocument();
    expect(within(live).getByText('1st: $100.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).getByRole('timer', { name: 'Starts in' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Finished' })).getByText(/^Ended /)).toBeInTheDocument();
  });

  it('says when there are no races, and offers another read when the list fails', async () => {
    const server = failingUntilRecovered('/api/r/races', () => ({
      body: { success: true, data: { live: [], upcoming: [], finished: [] } },
    }));
    renderWithProviders(<RacesPage />);
    expect(await screen.findByText('Races Unavailable')).toBeInTheDocument();
    server.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No Races Yet')).toBeInTheDocument();
    expect(screen.queryByText('Races Unavailable')).toBeNull();
  });
});

describe('RacePage', () => {
  beforeEach(() => resetSocketForTests());

  it('shows the standings, the ladder, the rules and the member place, and refetches on race:updated', async () => {
    let answer = detail([
      ['alice', 150],
      ['bob', 80],
    ]);
    mockFetch((r) => (r.url === '/api/r/races/4' ? { body: { success: true, data: answer } } : undefined));
    renderWithProviders(<RacePage />, { path: '/races/:id', route: '/races/4' });
    const rows = async () => (await screen.findAllByTestId('race-standing')).map((row) => row.textContent);
    expect(await rows()).toEqual(['#1alice$150.00$100.00', '#2bob$80.00Signed shirt']);
    expect(screen.getByTestId('race-me')).toHaveTextContent('Your place: #2 as bob with $80.00');
    expect(
      within(screen.getByRole('region', { name: 'Prizes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1st $100.00', '2nd Signed shirt']);
    expect(screen.getByText('Slots only.')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Ends in' })).toBeInTheDocument();

    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(socket.emitted).toEqual(expect.arrayContaining([['room:join', 'race:4']]));
    answer = detail([
      ['bob', 300],
      ['alice', 150],
    ]);
    act(() => socket.serverEmit('race:updated', { raceId: 4, at: 'now' }));
    await waitFor(async () => expect(await rows()).toEqual(['#1bob$300.00$100.00', '#2alice$150.00Signed shirt']));
  });

  it('tells a missing race from a failed read, which it offers to read again', async () => {
    let down = true;
    mockFetch((r) => {
      if (r.url === '/api/r/races/9') return { status: 404, body: { success: false, message: 'Race not found.' } };
      if (r.url === '/api/r/races/4') return down ? SERVER_ERROR : { body: { success: true, data: detail([['alice', 150]]) } };
      return undefined;
    });
    const missing = renderWithProviders(<RacePage />, { path: '/races/:id', route: '/races/9' });
    expect(await screen.findByText('Race Not Found')).toBeInTheDocument();
    missing.unmount();

    renderWithProviders(<RacePage />, { path: '/races/:id', route: '/races/4' });
    expect(await screen.findByText('Race Unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Race Not Found')).toBeNull();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('race-standing')).toHaveTextContent('alice');
  });
});
