import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TournamentListItem, TournamentMatch, TournamentPageData, TournamentPredictResult } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../../lib/socket';
import { mockFetch } from '../../../test/fetch-polyfill';
import { recordFetches } from '../../../test/fetch-mocks';
import { memberFixture } from '../../../test/fixtures';
import { makeTestStore, renderWithProviders } from '../../../test/render';
import type { FakeSocket } from '../../../test/socket-io-client-stub';
import { tournamentsApi } from '../tournaments-api';
import TournamentDetailPage from './tournament-detail-page';
import TournamentsPage from './tournaments-page';

const item = (id: number, over: Partial<TournamentListItem> = {}): TournamentListItem => ({
  id,
  name: `Cup ${id}`,
  size: 4,
  is_active: true,
  predictions_active: false,
  matches_count: 3,
  predictions_count: 2,
  progress: 0,
  winner: null,
  prize_points: [],
  created_at: '2026-11-22T00:00:00Z',
  ...over,
});

const m = (id: number, round: number, n: number, a: string | null, b: string | null, winner: string | null = null): TournamentMatch => ({
  id,
  round,
  match_number: n,
  slot1_name: a,
  slot2_name: b,
  slot1_multiplier: a ? 12.345 : null,
  slot2_multiplier: null,
  winner_name: winner,
});

function page(over: Partial<TournamentPageData> = {}): TournamentPageData {
  return {
    tournament: {
      ...item(5, { predictions_active: true, progress: 33 }),
      matches: [m(1, 1, 1, 'Mental', 'Sugar Rush', 'Mental'), m(2, 1, 2, 'Chaos Crew', 'Razor Shark'), m(3, 2, 1, 'Mental', null)],
    },
    user_prediction: { matches: [{ tournament_match_id: 1, predicted_winner_name: 'Mental' }] },
    top_predictions: [
      { user: { id: 11, username: 'alice', kick_username: null, avatar_url: null }, accuracy: 100, correct: 1, total: 1, picks: 2 },
      { user: { id: 12, username: 'bob', kick_username: null, avatar_url: null }, accuracy: 0, correct: 0, total: 1, picks: 1 },
    ],
    ...over,
  };
}

/** The save answer of memberFixture (id 7), a new predictor: picks, the grown count and their standing. */
const saved: TournamentPredictResult = {
  user_prediction: {
    matches: [
      { tournament_match_id: 1, predicted_winner_name: 'Mental' },
      { tournament_match_id: 2, predicted_winner_name: 'Razor Shark' },
    ],
  },
  predictions_count: 3,
  standing: {
    user: { id: 7, username: 'lucky_lou', kick_username: 'luckylou', avatar_url: null },
    accuracy: 0,
    correct: 0,
    total: 0,
    picks: 2,
  },
};

const detailRoutes = {
  path: '/tournaments/:id',
  route: '/tournaments/5',
  extraRoutes: [{ path: '/tournaments', element: <p>tournament list</p> }],
};

describe('TournamentsPage', () => {
  it('filters cards by the four tabs and labels each link by its state', async () => {
    const list = [
      item(1, { predictions_active: true }),
      item(2),
      item(3, { is_active: false, progress: 100, winner: 'Mental' }),
      item(4, { is_active: false, progress: 33 }),
    ];
    mockFetch((r) => (r.url === '/api/r/tournaments' ? { body: { success: true, data: list } } : undefined));
    renderWithProviders(<TournamentsPage />);
    const card1 = await screen.findByTestId('tournament-card-1');
    expect(within(card1).getByText('4 Slot Tournament')).toBeInTheDocument();
    expect(within(card1).getByText('Predictions Open')).toBeInTheDocument();
    expect(within(card1).getByRole('link', { name: 'Make Predictions' })).toHaveAttribute('href', '/tournaments/1');
    expect(within(screen.getByTestId('tournament-card-2')).getByRole('link', { name: 'View Tournament' })).toBeInTheDocument();
    const done = screen.getByTestId('tournament-card-3');
    expect(within(done).getByRole('link', { name: 'View Results' })).toBeInTheDocument();
    expect(within(done).getByText('Finished')).toBeInTheDocument();
    expect(within(screen.getByTestId('tournament-card-4')).getByText('Inactive')).toBeInTheDocument();
    expect(within(done).getByTestId('tournament-winner')).toHaveTextContent('Mental');
    expect(within(done).getByText('100%')).toBeInTheDocument();

    const ids = () => screen.queryAllByTestId(/tournament-card-/).map((el) => el.dataset.testid);
    fireEvent.click(screen.getByRole('tab', { name: 'Active' }));
    expect(ids()).toEqual(['tournament-card-1', 'tournament-card-2']);
    fireEvent.click(screen.getByRole('tab', { name: 'Predictions Open' }));
    expect(ids()).toEqual(['tournament-card-1']);
    fireEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(ids()).toEqual(['tournament-card-3']);
  });

  it('shows No Tournaments Found and Failed to load tournaments', async () => {
    mockFetch(() => ({ body: { success: true, data: [] } }));
    const first = renderWithProviders(<TournamentsPage />);
    expect(await screen.findByRole('heading', { name: 'No Tournaments Found' })).toBeInTheDocument();
    first.unmount();
    let fail = true;
    mockFetch(() => (fail ? { status: 500, body: { success: false, message: 'boom' } } : { body: { success: true, data: [] } }));
    const { store } = renderWithProviders(<TournamentsPage />);
    expect(await screen.findByRole('heading', { name: 'Failed to load tournaments' })).toBeInTheDocument();
    const toasts = (store.getState() as { toasts: { items: { message: string }[] } }).toasts.items.map((t) => t.message);
    expect(toasts).toContain('Failed to load tournaments');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No Tournaments Found' })).toBeInTheDocument();
  });
});

describe('TournamentDetailPage', () => {
  beforeEach(() => resetSocketForTests());

  it('shows tiles and the bracket grouped by round with Final, TBD and multipliers; applies live pushes', async () => {
    const requests = recordFetches((r) => {
      return r.url === '/api/r/tournaments/5' ? { body: { success: true, data: page() } } : undefined;
    });
    renderWithProviders(<TournamentDetailPage />, detailRoutes);
    expect(await screen.findByTestId('tile-matches')).toHaveTextContent('3');
    expect(screen.getByTestId('tile-predictions')).toHaveTextContent('2');
    expect(screen.getByTestId('tile-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('tile-size')).toHaveTextContent('4');
    expect(screen.getByRole('heading', { name: 'Round 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Final' })).toBeInTheDocument();
    const final = screen.getByTestId('match-3');
    expect(within(final).getByText('Match 1')).toBeInTheDocument();
    expect(within(final).getByText('TBD')).toBeInTheDocument();
    expect(within(screen.getByTestId('match-1')).getByText('12.35x')).toBeInTheDocument();

    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(socket.emitted).toEqual(expect.arrayContaining([['room:join', 'tournament:5']]));
    act(() =>
      socket.serverEmit('tournament:match', {
        tournament_id: 5,
        matches: [m(2, 1, 2, 'Chaos Crew', 'Razor Shark', 'Razor Shark'), m(3, 2, 1, 'Mental', 'Razor Shark')],
        progress: 67,
        winner: null,
        at: 'now',
      }),
    );
    await waitFor(() => expect(within(screen.getByTestId('match-3')).queryByText('TBD')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('match-3')).getByText('Razor Shark')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/r/tournaments/5')).toHaveLength(1);
  });

  it('predict: only open matches are clickable; saves the picks with the count and shows the server message', async () => {
    const requests = recordFetches((r) => {
      if (r.url === '/api/r/tournaments/5/predict')
        return { body: { success: true, message: 'Predictions saved successfully!', data: saved } };
      return r.url === '/api/r/tournaments/5' ? { body: { success: true, data: page() } } : undefined;
    });
    const { store } = renderWithProviders(<TournamentDetailPage />, { ...detailRoutes, user: memberFixture });
    const toasts = () => (store.getState() as { toasts: { items: { message: string }[] } }).toasts.items.map((t) => t.message);
    fireEvent.click(await screen.findByRole('tab', { name: 'Predict' }));
    // The decided match and the half-empty final take no clicks.
    expect(screen.queryByRole('button', { name: /match 1$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save Predictions (0)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save Predictions (0)' }));
    expect(toasts()).toContain('Please make at least one prediction');

    fireEvent.click(screen.getByRole('button', { name: 'Pick Razor Shark in match 2' }));
    expect(screen.getByRole('button', { name: 'Pick Razor Shark in match 2' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Save Predictions (1)' }));
    await waitFor(() => expect(toasts()).toContain('Predictions saved successfully!'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ predictions: [{ match_id: 2, winner_name: 'Razor Shark' }] });
  });

  it('predict: the save answer updates the count, the standings and the list card with no read (issue #16)', async () => {
    const requests = recordFetches((r) => {
      if (r.url === '/api/r/tournaments/5/predict')
        return { body: { success: true, message: 'Predictions saved successfully!', data: saved } };
      return r.url === '/api/r/tournaments/5' ? { body: { success: true, data: page() } } : undefined;
    });
    const store = makeTestStore({ user: memberFixture });
    // The list was open before: its card is cached and follows the save too.
    await store.dispatch(
      tournamentsApi.util.upsertQueryData('getTournaments', undefined, [item(5, { predictions_active: true, predictions_count: 2 })]),
    );
    renderWithProviders(<TournamentDetailPage />, {
      ...detailRoutes,
      store,
      extraRoutes: [{ path: '/tournaments', element: <TournamentsPage /> }],
    });
    const toasts = () => (store.getState() as { toasts: { items: { message: string }[] } }).toasts.items.map((t) => t.message);
    fireEvent.click(await screen.findByRole('tab', { name: 'Predict' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pick Razor Shark in match 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Predictions (1)' }));
    await waitFor(() => expect(toasts()).toContain('Predictions saved successfully!'));

    expect(screen.getByTestId('tile-predictions')).toHaveTextContent('3');
    fireEvent.click(screen.getByRole('tab', { name: 'Predictions' }));
    const rows = screen.getAllByTestId('prediction-row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('luckylou');
    expect(rows[2]).toHaveTextContent('0/0');
    // Back on the Predict tab the saved picks are the member's picks.
    fireEvent.click(screen.getByRole('tab', { name: 'Predict' }));
    expect(screen.getByRole('button', { name: 'Pick Razor Shark in match 2' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('link', { name: '← Back to Tournaments' }));
    const card = await screen.findByTestId('tournament-card-5');
    expect(within(card).getByText('Predictions').nextElementSibling).toHaveTextContent('3');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/r/tournaments/5', 'POST /api/r/tournaments/5/predict']);
  });

  it('pushes patch the page, the list card and an open pick breakdown without a read', async () => {
    const requests = recordFetches((r) => {
      if (r.url === '/api/r/tournaments/5/predictions/11')
        return {
          body: {
            success: true,
            data: [
              { tournament_match_id: 1, round: 1, match_number: 1, predicted_winner_name: 'Mental', winner_name: 'Mental', correct: true },
              { tournament_match_id: 2, round: 1, match_number: 2, predicted_winner_name: 'Chaos Crew', winner_name: null, correct: null },
            ],
          },
        };
      return r.url === '/api/r/tournaments/5' ? { body: { success: true, data: page() } } : undefined;
    });
    const store = makeTestStore();
    await store.dispatch(tournamentsApi.util.upsertQueryData('getTournaments', undefined, [item(5, { predictions_active: true })]));
    renderWithProviders(<TournamentDetailPage />, { ...detailRoutes, store });
    fireEvent.click(await screen.findByRole('tab', { name: 'Predictions' }));
    fireEvent.click(screen.getByRole('button', { name: "View alice's picks" }));
    const dialog = await screen.findByRole('dialog', { name: "alice's Predictions" });
    await waitFor(() => expect(within(dialog).getByText('Pending')).toBeInTheDocument());

    const socket = (await getSocket()) as unknown as FakeSocket;
    socket.serverConnect();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const decided = m(2, 1, 2, 'Chaos Crew', 'Razor Shark', 'Razor Shark');
    act(() =>
      socket.serverEmit('tournament:match', {
        tournament_id: 5,
        matches: [decided, m(3, 2, 1, 'Mental', 'Razor Shark')],
        progress: 67,
        winner: null,
        at: 'now',
      }),
    );
    expect(await within(dialog).findByText('Wrong (Razor Shark)')).toBeInTheDocument();
    const after = page().tournament;
    act(() =>
      socket.serverEmit('tournament:updated', {
        tournament: {
          ...after,
          predictions_count: 4,
          progress: 67,
          matches: [after.matches[0]!, decided, m(3, 2, 1, 'Mental', 'Razor Shark')],
        },
        top_predictions: page().top_predictions,
        change: 'prediction',
        at: 'now',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('tile-predictions')).toHaveTextContent('4'));
    const list = tournamentsApi.endpoints.getTournaments.select()(store.getState()).data!;
    expect(list[0]).toMatchObject({ id: 5, predictions_count: 4, progress: 67 });
    expect(requests.map((r) => r.url)).toEqual(['/api/r/tournaments/5', '/api/r/tournaments/5/predictions/11']);
  });

  it('predict: anonymous members and closed predictions get the SPEC messages; a server refusal is shown', async () => {
    mockFetch((r) => {
      if (r.url === '/api/r/tournaments/5/predict')
        return { status: 409, body: { success: false, message: 'Predictions are no longer active for this tournament' } };
      return r.url === '/api/r/tournaments/5' ? { body: { success: true, data: page({ user_prediction: null }) } } : undefined;
    });
    const anonymous = renderWithProviders(<TournamentDetailPage />, detailRoutes);
    const toastsOf = (store: typeof anonymous.store) =>
      (store.getState() as { toasts: { items: { message: string }[] } }).toasts.items.map((t) => t.message);
    const pickAndSave = async () => {
      fireEvent.click(await screen.findByRole('tab', { name: 'Predict' }));
      fireEvent.click(screen.getByRole('button', { name: 'Pick Chaos Crew in match 2' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save Predictions (1)' }));
    };
    await pickAndSave();
    expect(toastsOf(anonymous.store)).toContain('You must be logged in to make predictions');
    anonymous.unmount();

    // Predictions closed between page load and save: the server's 409 message is shown.
    const member = renderWithProviders(<TournamentDetailPage />, { ...detailRoutes, user: memberFixture });
    await pickAndSave();
    await waitFor(() => expect(toastsOf(member.store)).toContain('Predictions are no longer active for this tournament'));
  });

  it('predictions tab: top performers, accuracy and correct/total, and a View modal with the real breakdown', async () => {
    mockFetch((r) => {
      if (r.url === '/api/r/tournaments/5/predictions/11')
        return {
          body: {
            success: true,
            data: [
              { tournament_match_id: 1, round: 1, match_number: 1, predicted_winner_name: 'Mental', winner_name: 'Mental', correct: true },
              { tournament_match_id: 2, round: 1, match_number: 2, predicted_winner_name: 'Chaos Crew', winner_name: null, correct: null },
            ],
          },
        };
      return r.url === '/api/r/tournaments/5' ? { body: { success: true, data: page() } } : undefined;
    });
    renderWithProviders(<TournamentDetailPage />, detailRoutes);
    fireEvent.click(await screen.findByRole('tab', { name: 'Predictions' }));
    expect(screen.getAllByTestId('top-performer')).toHaveLength(2);
    const rows = screen.getAllByTestId('prediction-row');
    expect(rows[0]).toHaveTextContent('alice');
    expect(rows[0]).toHaveTextContent('100%');
    expect(rows[0]).toHaveTextContent('1/1');
    expect(rows[1]).toHaveTextContent('0/1');
    fireEvent.click(screen.getByRole('button', { name: "View alice's picks" }));
    const dialog = await screen.findByRole('dialog', { name: "alice's Predictions" });
    await waitFor(() => expect(within(dialog).getAllByTestId('breakdown-row')).toHaveLength(2));
    expect(within(dialog).getByText('Correct (Mental)')).toBeInTheDocument();
    expect(within(dialog).getByText('Pending')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/coming soon/i);
  });

  it('shows Tournament Not Found on 404 and redirects to the list with a toast on other failures', async () => {
    mockFetch(() => ({ status: 404, body: { success: false, message: 'Tournament not found.' } }));
    const first = renderWithProviders(<TournamentDetailPage />, detailRoutes);
    expect(await screen.findByRole('heading', { name: 'Tournament Not Found' })).toBeInTheDocument();
    first.unmount();

    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    const { store } = renderWithProviders(<TournamentDetailPage />, detailRoutes);
    expect(await screen.findByText('tournament list')).toBeInTheDocument();
    const toasts = (store.getState() as { toasts: { items: { message: string }[] } }).toasts.items.map((t) => t.message);
    expect(toasts).toContain('Failed to load tournament');
  });
});
