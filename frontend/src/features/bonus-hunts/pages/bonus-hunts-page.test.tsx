import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentHuntData, HuntGame, HuntGamePush, HuntPrediction, HuntStatistics } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import { mockFetch, type TestRequest } from '../../../test/fetch-polyfill';
import { recordFetches } from '../../../test/fetch-mocks';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import BonusHuntsPage from './bonus-hunts-page';

const stats: HuntStatistics = {
  starting_balance: 1000,
  winnings: 262.5,
  average_multiplier: 43.75,
  break_even_multiplier: 122.92,
  biggest_win: 250.5,
  highest_multiplier_game: { slot_name: 'Gates of Olympus', win: 250.5, multiplier: 125.25 },
  projected_end_balance: 525,
  games_count: 3,
  opened_count: 2,
};

const game = (id: number, name: string, bet: number, win: number | null, multiplier: number | null): HuntGame => ({
  id,
  slot_name: name,
  slot_image: null,
  provider: { name: 'Pragmatic Play' },
  slot_bet: bet,
  slot_win: win,
  multiplier,
  opened: win !== null,
  position: id - 1,
});

const prediction = (id: number, rank: number, username: string, accuracy: number | null = null): HuntPrediction => ({
  id,
  rank,
  end_balance: 800 + id,
  highest_multiplier: 100,
  highest_multiplier_game: 'Mental',
  created_at: '2026-11-22T00:00:00Z',
  created_at_human: '5 minutes ago',
  updated_at: '2026-11-22T00:00:00Z',
  user: { id: 10 + id, username, kick_username: null, avatar_url: null },
  accuracy: accuracy === null ? null : { end_balance_difference: accuracy, multiplier_difference: 0, game_hit: false },
  points_awarded: 0,
});

function currentHunt(overrides: Partial<CurrentHuntData['hunt'] & object> = {}): CurrentHuntData {
  return {
    hunt: {
      id: 7,
      name: 'Bonus Hunt #7',
      status: 'preparing',
      predictions_active: true,
      created_at: '2026-11-22T00:00:00Z',
      created_at_human: '1 hour ago',
      completed_at: null,
      predictions_count: 2,
      statistics: stats,
      ...overrides,
    },
    statistics: stats,
    games: [game(1, 'Gates of Olympus', 2, 250.5, 125.25), game(2, 'Sweet Bonanza', 4, 12, 3), game(3, 'Mental', 5, null, null)],
    user_prediction: null,
    top_predictions: [prediction(1, 1, 'alice'), prediction(2, 2, 'bob')],
    results: null,
  };
}

function serve(
  current: CurrentHuntData,
  extra: (request: TestRequest) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  const requests = recordFetches((request) => {
    if (request.url === '/api/r/bonus-hunts/current') return { body: { success: true, data: current } };
    return extra(request);
  });
  return requests;
}

describe('BonusHuntsPage', () => {
  beforeEach(() => resetSocketForTests());

  it('shows the tiles, highest multiplier card, slot grid with coloured multipliers and top predictions', async () => {
    serve(currentHunt());
    renderWithProviders(<BonusHuntsPage />, { user: memberFixture });
    expect(await screen.findByTestId('tile-starting-balance')).toHaveTextContent('$1,000.00');
    expect(screen.getByTestId('tile-winnings')).toHaveTextContent('$262.50');
    expect(screen.getByTestId('tile-average-multiplier')).toHaveTextContent('43.75x');
    expect(screen.getByTestId('tile-break-even')).toHaveTextContent('122.92x');
    expect(screen.getByTestId('highest-multiplier')).toHaveTextContent('Gates of Olympus');
    expect(within(screen.getByTestId('hunt-game-1')).getByTestId('game-multiplier')).toHaveClass('hunt-positive');
    expect(within(screen.getByTestId('hunt-game-3')).getByTestId('game-multiplier')).toHaveClass('hunt-muted');
    expect(screen.getByRole('heading', { name: 'Make Your Prediction' })).toBeInTheDocument();
    const phase = screen.getByTestId('hunt-phase');
    expect(within(phase).getByRole('heading', { name: 'Bonus Hunt #7' })).toBeInTheDocument();
    expect(phase).toHaveTextContent('Collecting');
    expect(phase).toHaveTextContent('Predictions are open until the first bonus is opened.');
    const top = screen.getByTestId('top-predictions');
    expect(within(top).getByLabelText('Rank 1')).toHaveClass('hunt-rank--gold');
    expect(within(top).getByLabelText('Rank 2')).toHaveClass('hunt-rank--silver');
  });

  it('applies hunt:game pushes and hides the form when predictions close, without a reload', async () => {
    const requests = serve(currentHunt());
    renderWithProviders(<BonusHuntsPage />, { user: memberFixture });
    await screen.findByTestId('tile-winnings');
    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    // Let the cache entry finish subscribing to pushes once its data has loaded (RTK batches store notifications).
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(socket.emitted).toEqual(
      expect.arrayContaining([
        ['room:join', 'hunt:7'],
        ['room:join', 'hunts'],
      ]),
    );

    const push: HuntGamePush = {
      hunt_id: 7,
      game: game(3, 'Mental', 5, 500, 100),
      statistics: { ...stats, winnings: 762.5, average_multiplier: 69.32, break_even_multiplier: 0, biggest_win: 500 },
      top_predictions: [prediction(2, 1, 'bob')],
    };
    await act(async () => socket.serverEmit('hunt:game', push));
    await waitFor(() => expect(screen.getByTestId('tile-winnings')).toHaveTextContent('$762.50'));
    expect(screen.getByTestId('tile-break-even')).toHaveTextContent('0.00x');
    expect(within(screen.getByTestId('hunt-game-3')).getByTestId('game-multiplier')).toHaveTextContent('100.00x');
    expect(within(screen.getByTestId('hunt-game-3')).getByTestId('game-multiplier')).toHaveClass('hunt-positive');
    expect(within(screen.getByTestId('top-predictions')).getAllByTestId('hunt-prediction')).toHaveLength(1);

    act(() =>
      socket.serverEmit('hunt:updated', {
        hunt_id: 7,
        status: 'opening',
        predictions_active: false,
        predictions_count: 2,
        change: 'predictions',
        at: 'now',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Make Your Prediction' })).not.toBeInTheDocument());
    expect(screen.getByTestId('hunt-phase')).toHaveTextContent('OpeningThe bonuses are being opened. Predictions are closed.');
    expect(requests.filter((r) => r.url === '/api/r/bonus-hunts/current')).toHaveLength(1);
  });

  it('submits a prediction with numbers and shows the server message; the title becomes Update Your Prediction', async () => {
    let saved = false;
    const requests = recordFetches((request) => {
      if (request.url === '/api/r/bonus-hunts/7/predict') {
        saved = true;
        return { body: { success: true, message: 'Prediction submitted successfully!' } };
      }
      if (request.url === '/api/r/bonus-hunts/current') {
        const data = currentHunt();
        return { body: { success: true, data: saved ? { ...data, user_prediction: prediction(3, 3, 'member') } : data } };
      }
      return undefined;
    });
    renderWithProviders(<BonusHuntsPage />, { user: memberFixture });
    fireEvent.change(await screen.findByLabelText('End Balance ($)'), { target: { value: '1234.56' } });
    fireEvent.change(screen.getByLabelText('Highest Multiplier (x)'), { target: { value: '150.5' } });
    fireEvent.change(screen.getByLabelText('Highest Multiplier Game'), { target: { value: 'Mental' } });
    expect(screen.getByLabelText('End Balance ($)')).toHaveAttribute('step', '0.01');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Prediction' }));
    expect(await screen.findByRole('heading', { name: 'Update Your Prediction' })).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ end_balance: 1234.56, highest_multiplier: 150.5, highest_multiplier_game: 'Mental' });
    expect(post.headers.get('x-csrf-token')).toBe('csrf-test-token');
  });

  it("a prediction refused because the first result is in shows the server's words", async () => {
    mockFetch((request) => {
      if (request.url === '/api/r/bonus-hunts/7/predict')
        return { status: 422, body: { success: false, message: 'Predictions are closed for this hunt: its bonuses are being opened.' } };
      if (request.url === '/api/r/bonus-hunts/current') return { body: { success: true, data: currentHunt() } };
      return undefined;
    });
    const { store } = renderWithProviders(<BonusHuntsPage />, { user: memberFixture });
    fireEvent.change(await screen.findByLabelText('End Balance ($)'), { target: { value: '900' } });
    fireEvent.change(screen.getByLabelText('Highest Multiplier (x)'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Highest Multiplier Game'), { target: { value: 'Mental' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Prediction' }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((t) => `${t.type}: ${t.message}`)).toContain(
        'error: Predictions are closed for this hunt: its bonuses are being opened.',
      ),
    );
  });

  it('shows No Active Hunt when nothing runs', async () => {
    serve({ hunt: null, statistics: null, games: [], user_prediction: null, top_predictions: [], results: null });
    renderWithProviders(<BonusHuntsPage />);
    expect(await screen.findByRole('heading', { name: 'No Active Hunt' })).toBeInTheDocument();
    expect(screen.getByText('Check back later for the next bonus hunt!')).toBeInTheDocument();
    expect(screen.queryByTestId('hunt-results')).toBeNull();
  });

  it("keeps the last hunt's results above No Active Hunt until the next one starts", async () => {
    serve({
      hunt: null,
      statistics: null,
      games: [],
      user_prediction: null,
      top_predictions: [],
      results: {
        hunt_id: 7,
        name: 'Friday Hunt',
        completed_at: '2026-11-22T02:00:00Z',
        scored: true,
        starting_balance: 1000,
        final_balance: 1250.5,
        profit: 250.5,
        best_slot: { slot_name: 'Mental', win: 500, multiplier: 100 },
        predictions_count: 2,
        top_predictions: [
          { ...prediction(1, 1, 'alice'), points_awarded: 1000 },
          { ...prediction(2, 2, 'bob'), points_awarded: 500 },
        ],
      },
    });
    renderWithProviders(<BonusHuntsPage />);
    const results = await screen.findByTestId('hunt-results');
    expect(within(results).getByRole('heading', { name: 'Friday Hunt: final results' })).toBeInTheDocument();
    expect(within(results).getByTestId('results-final-balance')).toHaveTextContent('$1,250.50');
    expect(within(results).getByTestId('results-profit')).toHaveTextContent('+$250.50 vs $1,000.00 start');
    expect(within(results).getByTestId('results-best-slot')).toHaveTextContent('Mental 100.00x');
    const podium = within(within(results).getByTestId('results-podium')).getAllByRole('listitem');
    expect(podium.map((li) => li.textContent)).toEqual([expect.stringContaining('1,000 points'), expect.stringContaining('500 points')]);
    expect(screen.getByRole('heading', { name: 'No Active Hunt' })).toBeInTheDocument();
  });

  it('predictions tab: accuracy in ± dollars, pager, username search and clear', async () => {
    const requests = serve(currentHunt(), (request) => {
      if (request.url.startsWith('/api/r/bonus-hunts/7/predictions?page=')) {
        const page = Number(request.url.split('=')[1]);
        return {
          body: {
            success: true,
            data: page === 1 ? [prediction(1, 1, 'alice', 12.5), prediction(2, 2, 'bob', -3)] : [prediction(4, 21, 'zed')],
            pagination: { current_page: page, last_page: 2, per_page: 20, total: 21 },
          },
        };
      }
      if (request.url === '/api/r/bonus-hunts/7/predictions/search?username=bob')
        return { body: { success: true, data: prediction(2, 2, 'bob', -3), message: 'Prediction found' } };
      return undefined;
    });
    const { store } = renderWithProviders(<BonusHuntsPage />);
    const toasts = () => (store.getState() as { toasts: { items: { message: string }[] } }).toasts.items.map((t) => t.message);
    await screen.findByTestId('tile-winnings');
    fireEvent.click(screen.getByRole('tab', { name: 'Predictions' }));
    expect(await screen.findByText('+$12.50')).toBeInTheDocument();
    expect(screen.getByText('-$3.00')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(toasts()).toContain('Please enter a username to search');

    fireEvent.change(screen.getByLabelText('Search by username'), { target: { value: 'bob' } });
    fireEvent.submit(screen.getByRole('search'));
    // Page 2 also shows a single row (zed), so wait for the search answer itself before counting rows.
    expect(await screen.findByText('bob')).toBeInTheDocument();
    expect(screen.getAllByTestId('hunt-prediction')).toHaveLength(1);

    const before = requests.filter((r) => r.url === '/api/r/bonus-hunts/7/predictions?page=1').length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Search by username')).toHaveValue('');
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/r/bonus-hunts/7/predictions?page=1').length).toBeGreaterThan(before));
  });

  it('previous hunts: overall statistics, history cards and the empty state', async () => {
    serve(currentHunt(), (request) => {
      if (request.url === '/api/r/bonus-hunts/stats')
        return {
          body: {
            success: true,
            data: { total_hunts: 4, completed_hunts: 3, active_hunts: 1, total_predictions: 15, average_predictions_per_hunt: 3.75 },
          },
        };
      if (request.url === '/api/r/bonus-hunts/history?page=1')
        return {
          body: {
            success: true,
            data: [
              {
                id: 3,
                status: 'completed',
                predictions_active: false,
                created_at: '2026-11-20T00:00:00Z',
                created_at_human: '2 days ago',
                completed_at: '2026-11-20T03:00:00Z',
                predictions_count: 5,
                statistics: stats,
              },
            ],
            pagination: { current_page: 1, last_page: 1, per_page: 10, total: 1 },
          },
        };
      return undefined;
    });
    renderWithProviders(<BonusHuntsPage />);
    await screen.findByTestId('tile-winnings');
    fireEvent.click(screen.getByRole('tab', { name: 'Previous Hunts' }));
    const card = await screen.findByTestId('hunt-history-card');
    expect(within(card).getByRole('heading', { name: 'Hunt #3' })).toBeInTheDocument();
    expect(within(card).getByText('5 predictions')).toBeInTheDocument();
    expect(within(card).getByText('$250.50')).toBeInTheDocument();
    expect(screen.getByText('Avg/Hunt')).toBeInTheDocument();
    expect(screen.getByText('3.75')).toBeInTheDocument();
  });
});
