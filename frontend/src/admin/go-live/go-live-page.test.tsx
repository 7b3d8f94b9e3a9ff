import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HUNT_PHASE_LABELS, OVERLAY_KINDS, type AdminHuntDetail, type AdminRaffle, type AdminTournament } from '@kickback/contracts';
import { getSocket, resetSocketForTests } from '../../lib/socket';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { FakeSocket } from '../../test/socket-io-client-stub';
import GoLivePage from './go-live-page';
import { recordFetches } from '../../test/fetch-mocks';

const stats = {
  starting_balance: 1000,
  winnings: 50,
  average_multiplier: 5,
  break_even_multiplier: 20,
  biggest_win: 50,
  highest_multiplier_game: null,
  projected_end_balance: 100,
  games_count: 2,
  opened_count: 1,
};
const hunt: AdminHuntDetail = {
  id: 4,
  name: 'Sunday Hunt',
  status: 'opening',
  predictions_active: false,
  starting_balance: 1000,
  prize_points: [],
  games_count: 2,
  predictions_count: 0,
  created_at: '2026-11-24T10:00:00.000Z',
  completed_at: null,
  scored_at: null,
  statistics: stats,
  games: [
    {
      id: 11,
      slot_id: 1,
      slot_name: 'Mental',
      slot_image: null,
      provider: { name: 'Nolimit' },
      slot_bet: 10,
      slot_win: 50,
      multiplier: 5,
      opened: true,
      position: 0,
    },
    {
      id: 12,
      slot_id: 2,
      slot_name: 'Sugar Rush',
      slot_image: null,
      provider: { name: 'Pragmatic' },
      slot_bet: 20,
      slot_win: null,
      multiplier: null,
      opened: false,
      position: 1,
    },
  ],
};
const raffle = {
  id: 7,
  title: 'Chair raffle',
  is_accepting_entries: true,
  total_entries: 42,
  number_of_winners: 1,
  end_datetime: '2026-11-25T10:00:00.000Z',
  drawn_at: null,
} as AdminRaffle;
const otherRaffle = { ...raffle, id: 8, title: 'Headset raffle', total_entries: 0 } as AdminRaffle;
const tournament = {
  id: 3,
  name: 'Friday Cup',
  size: 4,
  is_active: true,
  winner: null,
  matches: [
    {
      id: 31,
      round: 1,
      match_number: 1,
      slot1_name: 'A',
      slot2_name: 'B',
      slot1_multiplier: 12.8,
      slot2_multiplier: 7.41,
      winner_name: null,
    },
    {
      id: 32,
      round: 1,
      match_number: 2,
      slot1_name: 'C',
      slot2_name: 'D',
      slot1_multiplier: null,
      slot2_multiplier: null,
      winner_name: 'C',
    },
    {
      id: 33,
      round: 2,
      match_number: 1,
      slot1_name: null,
      slot2_name: 'C',
      slot1_multiplier: null,
      slot2_multiplier: null,
      winner_name: null,
    },
  ],
} as AdminTournament;

describe('GoLivePage', () => {
  beforeEach(() => resetSocketForTests());

  it('enters a hunt win, draws the open raffle after confirming, sets a match winner and lists the overlays', async () => {
    const requests = recordFetches((r) => {
      const ok = (data: unknown) => ({
        body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } },
      });
      if (r.url === '/api/admin/worker-status') return ok({ status: 'up', last_beat_at: '2026-11-24T10:00:00.000Z' });
      if (r.url === '/api/admin/bonus-hunts?page=1') return ok([{ ...hunt, games: undefined }]);
      if (r.url === '/api/admin/bonus-hunts/4' && r.method === 'GET') return ok(hunt);
      if (r.url === '/api/admin/bonus-hunts/4/games/12' && r.method === 'PUT') return ok(hunt);
      if (r.url === '/api/admin/raffles?page=1') return ok([otherRaffle, raffle]);
      if (r.url === '/api/admin/featured') return ok({ raffle: 7, tournament: 3 });
      if (r.url === '/api/admin/raffles/7' && r.method === 'GET') return ok(raffle);
      if (r.url === '/api/admin/featured/raffle') return ok({ raffle: 8, tournament: 3 });
      if (r.url === '/api/admin/raffles/7/draw')
        return { body: { success: true, data: { ...raffle, drawn_at: 'now' }, message: '1 winner drawn for Chair raffle.' } };
      if (r.url === '/api/admin/tournaments') return ok([tournament]);
      if (r.url === '/api/admin/tournaments/3') return ok(tournament);
      if (r.url === '/api/admin/tournaments/3/matches/31/winner') return ok(tournament);
      if (r.url === '/api/admin/overlays')
        return ok(
          OVERLAY_KINDS.map((kind) => ({
            kind,
            active: kind === 'hunt',
            issued_at: null,
            revoked_at: null,
          })),
        );
      return undefined;
    });
    const { store } = renderWithProviders(<GoLivePage />, { user: adminFixture });

    const win = await screen.findByRole('textbox', { name: 'Win for Sugar Rush' });
    fireEvent.change(win, { target: { value: '123.45' } });
    fireEvent.click(within(win.closest('form')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ win: '123.45' });

    // The featured raffle is the one shown and drawn, though another is open too (and listed to switch to).
    expect(await screen.findByTestId('go-live-raffle-entries')).toHaveTextContent('42');
    expect(screen.getByTestId('go-live-raffle-title')).toHaveTextContent('Chair raffle');
    fireEvent.click(screen.getByRole('button', { name: 'Draw winners now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Draw the winners of Chair raffle now?' });
    expect(dialog).toHaveTextContent('Chair raffle ends now and its winner is drawn from 42 entries; this cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Draw' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/raffles/7/draw' && r.method === 'POST')).toBe(true));
    expect(requests.some((r) => r.url === '/api/admin/raffles/8/draw')).toBe(false);
    await waitFor(() => expect(store.getState().toasts.items.map((t) => t.message)).toContain('1 winner drawn for Chair raffle.'));

    fireEvent.click(screen.getByRole('button', { name: 'Show Headset raffle on stream' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/featured/raffle' && r.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(requests.find((r) => r.url === '/api/admin/featured/raffle')!.body))).toEqual({ id: 8 });

    const match = await screen.findByRole('listitem', { name: 'Round 1, match 1' });
    expect(screen.queryByRole('listitem', { name: 'Round 1, match 2' })).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Round 2, match 1' })).toBeNull();
    fireEvent.click(within(match).getByRole('button', { name: 'B wins' }));
    // B's multiplier is the lower one: declaring it takes an explicit override, and nothing is sent before it.
    const override = await screen.findByRole('dialog', { name: 'B has the lower multiplier' });
    expect(override).toHaveTextContent('B scored 7.41x against 12.80x.');
    expect(override).toHaveTextContent('B advances to round 2, and predictions on round 1, match 1 are scored.');
    expect(requests.some((r) => r.url === '/api/admin/tournaments/3/matches/31/winner')).toBe(false);
    fireEvent.click(within(override).getByRole('button', { name: 'Override: B wins' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/tournaments/3/matches/31/winner')).toBe(true));
    const pick = requests.find((r) => r.url === '/api/admin/tournaments/3/matches/31/winner')!;
    expect(JSON.parse(String(pick.body))).toEqual({ winner_name: 'B', override: true });

    expect(await screen.findByText('URL active')).toBeInTheDocument();
    // Every kind but the one with a URL.
    expect(screen.getAllByText('No URL')).toHaveLength(OVERLAY_KINDS.length - 1);
    expect(screen.getByRole('link', { name: 'Overlay URLs and previews' })).toHaveAttribute('href', '/overlays');
  });

  it("shows a moderator the chat keyword from Go live's own route, without the admin's link to change it", async () => {
    const requests = recordFetches((r) => {
      const ok = (data: unknown) => ({ body: { success: true, data } });
      if (r.url === '/api/admin/activity/join-keyword') return ok({ join_keyword: 'enter', chat_commands_enabled: true });
      if (r.url === '/api/admin/featured') return ok({ raffle: null, tournament: null, leaderboard: null });
      if (r.url === '/api/admin/raffles?page=1') return ok([]);
      return undefined;
    });
    renderWithProviders(<GoLivePage />, { user: { ...adminFixture, role: 'moderator' } });

    const keyword = await screen.findByTestId('go-live-join-keyword');
    expect(keyword).toHaveTextContent('Chat: linked members type !enter to enter the raffle on stream.');
    expect(within(keyword).queryByRole('link', { name: 'Change' })).toBeNull();
    expect(requests.some((r) => r.url === '/api/admin/activity/rules')).toBe(false);
  });

  it('starts a new hunt when none is running, and says what to do about the rest', async () => {
    let hunts: unknown[] = [];
    const requests = recordFetches((r) => {
      const ok = (data: unknown) => ({
        body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: 0 } },
      });
      if (r.url === '/api/admin/bonus-hunts' && r.method === 'POST') {
        hunts = [{ ...hunt, id: 5, name: 'Bonus Hunt #5', status: 'preparing', games: undefined }];
        return ok({ ...hunt, id: 5, name: 'Bonus Hunt #5', status: 'preparing', predictions_active: true, games: [] });
      }
      if (r.url === '/api/admin/bonus-hunts?page=1') return ok(hunts);
      if (r.url === '/api/admin/bonus-hunts/5') return ok({ ...hunt, id: 5, name: 'Bonus Hunt #5', status: 'preparing', games: [] });
      if (r.url === '/api/admin/raffles?page=1' || r.url === '/api/admin/tournaments') return ok([]);
      if (r.url === '/api/admin/overlays') return ok([]);
      if (r.url === '/api/admin/featured') return ok({ raffle: null, tournament: null });
      return undefined;
    });
    const { store } = renderWithProviders(<GoLivePage />, { user: adminFixture });
    const form = await screen.findByRole('form', { name: 'Start a new hunt' });
    expect(form).toHaveTextContent('No hunt is running.');
    fireEvent.change(within(form).getByLabelText('Starting balance ($)'), { target: { value: '1500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start hunt' }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((t) => t.message)).toContain('Bonus Hunt #5 started: collecting bonuses, predictions open'),
    );
    const post = requests.find((r) => r.url === '/api/admin/bonus-hunts' && r.method === 'POST')!;
    // Go live opens predictions with the hunt: members can predict at once.
    expect(JSON.parse(String(post.body))).toEqual({
      name: '',
      starting_balance: '1500',
      prize_points: [1000, 500, 250],
      open_predictions: true,
    });
    // The new hunt takes the form's place.
    expect(await screen.findByTestId('go-live-hunt-phase')).toHaveTextContent(HUNT_PHASE_LABELS.preparing);
    expect(screen.queryByRole('form', { name: 'Start a new hunt' })).toBeNull();

    expect(await screen.findByText('No raffle is on stream. Start one below or create one in Raffles.')).toBeInTheDocument();
    expect(await screen.findByText('No tournament is active. Create one in Tournaments.')).toBeInTheDocument();
  });

  it('shows each match with its multipliers, undoes the last decided match and keeps decided winners behind Change winner', async () => {
    const requests = recordFetches((r) => {
      const ok = (data: unknown) => ({
        body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } },
      });
      if (r.url === '/api/admin/bonus-hunts?page=1' || r.url === '/api/admin/raffles?page=1' || r.url === '/api/admin/overlays')
        return ok([]);
      if (r.url === '/api/admin/featured') return ok({ raffle: null, tournament: 3 });
      if (r.url === '/api/admin/tournaments') return ok([tournament]);
      if (r.url === '/api/admin/tournaments/3' && r.method === 'GET') return ok(tournament);
      if (r.url.startsWith('/api/admin/tournaments/3/matches/')) return ok(tournament);
      return undefined;
    });
    renderWithProviders(<GoLivePage />, { user: adminFixture });

    const match = await screen.findByRole('listitem', { name: 'Round 1, match 1' });
    expect(within(match).getByRole('textbox', { name: 'A multiplier' })).toHaveValue('12.8');
    fireEvent.change(within(match).getByRole('textbox', { name: 'B multiplier' }), { target: { value: '15' } });
    fireEvent.click(within(match).getByRole('button', { name: 'Save x' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/tournaments/3/matches/31' && r.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(requests.find((r) => r.url === '/api/admin/tournaments/3/matches/31')!.body))).toEqual({
      slot1_multiplier: '12.8',
      slot2_multiplier: '15',
    });

    // The decided match offers no bright winner buttons, only "Change winner…", which then offers the other slot.
    const decided = screen.getByRole('listitem', { name: 'Round 1, match 2, decided' });
    expect(within(decided).queryByRole('button', { name: 'D wins' })).toBeNull();
    fireEvent.click(within(decided).getByRole('button', { name: 'Change winner…' }));
    fireEvent.click(within(decided).getByRole('button', { name: 'D wins' }));
    expect(await screen.findByRole('dialog', { name: 'D wins this match?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Not yet' }));

    const last = screen.getByTestId('go-live-last-match');
    expect(last).toHaveTextContent('Last decided: Round 1 · match 2, C won.');
    fireEvent.click(within(last).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/admin/tournaments/3/matches/32/winner' && r.method === 'DELETE')).toBe(true),
    );
  });

  it('adds a slot by search and bet, and closes predictions while the hunt collects', async () => {
    const collecting: AdminHuntDetail = {
      ...hunt,
      status: 'preparing',
      predictions_active: true,
      games_count: 0,
      games: [],
      statistics: { ...stats, games_count: 0, opened_count: 0, winnings: 0 },
    };
    const requests = recordFetches((r) => {
      const ok = (data: unknown) => ({
        body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } },
      });
      if (r.url === '/api/admin/bonus-hunts?page=1') return ok([{ ...collecting, games: undefined }]);
      if (r.url === '/api/admin/bonus-hunts/4' && r.method === 'GET') return ok(collecting);
      if (r.url === '/api/admin/hunt-catalogue/slots?search=gates')
        return ok([{ id: 9, name: 'Gates of Olympus', image_url: null, provider: { id: 1, name: 'Pragmatic Play' } }]);
      if (r.url === '/api/admin/bonus-hunts/4/games' || r.url === '/api/admin/bonus-hunts/4/predictions') return ok(collecting);
      if (r.url === '/api/admin/raffles?page=1' || r.url === '/api/admin/tournaments' || r.url === '/api/admin/overlays') return ok([]);
      if (r.url === '/api/admin/featured') return ok({ raffle: null, tournament: null });
      return undefined;
    });
    const { store } = renderWithProviders(<GoLivePage />, { user: adminFixture });
    expect(await screen.findByText('No slots yet: add the bonuses below.')).toBeInTheDocument();
    // Completing an empty hunt is refused on screen, with the reason.
    expect(screen.getByRole('button', { name: 'Complete Sunday Hunt' })).toHaveAccessibleDescription(
      'Add at least one slot before completing the hunt.',
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search slots' }), { target: { value: 'gates' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Bet ($)' }), { target: { value: '2.50' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Gates of Olympus' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/bonus-hunts/4/games' && r.method === 'POST')).toBe(true));
    expect(JSON.parse(String(requests.find((r) => r.url === '/api/admin/bonus-hunts/4/games')!.body))).toEqual({ slot_id: 9, bet: '2.50' });

    fireEvent.click(screen.getByRole('button', { name: 'Close predictions' }));
    await waitFor(() => expect(store.getState().toasts.items.map((t) => t.message)).toContain('Predictions closed for Sunday Hunt'));
    expect(JSON.parse(String(requests.find((r) => r.url === '/api/admin/bonus-hunts/4/predictions')!.body))).toEqual({ active: false });
  });

  it('reads the hunt again once its room is joined, so a slot added elsewhere in between shows', async () => {
    let games: AdminHuntDetail['games'] = [];
    const collecting = (): AdminHuntDetail => ({
      ...hunt,
      status: 'preparing',
      predictions_active: true,
      games_count: games.length,
      games,
      statistics: { ...stats, games_count: games.length, opened_count: 0, winnings: 0 },
    });
    mockFetch((r) => {
      const ok = (data: unknown) => ({
        body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } },
      });
      if (r.url === '/api/admin/bonus-hunts?page=1') return ok([{ ...collecting(), games: undefined }]);
      if (r.url === '/api/admin/bonus-hunts/4' && r.method === 'GET') return ok(collecting());
      if (r.url === '/api/admin/raffles?page=1' || r.url === '/api/admin/tournaments' || r.url === '/api/admin/overlays') return ok([]);
      if (r.url === '/api/admin/featured') return ok({ raffle: null, tournament: null });
      return undefined;
    });
    renderWithProviders(<GoLivePage />, { user: adminFixture });
    expect(await screen.findByText('No slots yet: add the bonuses below.')).toBeInTheDocument();
    // The streamer adds a slot from another tab after the first read, before the join: its push never reached us.
    games = [hunt.games[1]!];
    const socket = (await getSocket()) as unknown as FakeSocket;
    act(() => socket.serverEmit('room:joined', { room: 'hunt:4' }));
    expect(await screen.findByRole('textbox', { name: 'Win for Sugar Rush' })).toBeInTheDocument();
  });

  it('keeps Complete disabled with the reason while a slot is unopened', async () => {
    mockFetch((r) => {
      const ok = (data: unknown) => ({
        body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } },
      });
      if (r.url === '/api/admin/bonus-hunts?page=1') return ok([{ ...hunt, games: undefined }]);
      if (r.url === '/api/admin/bonus-hunts/4' && r.method === 'GET') return ok(hunt);
      if (r.url === '/api/admin/raffles?page=1' || r.url === '/api/admin/tournaments' || r.url === '/api/admin/overlays') return ok([]);
      if (r.url === '/api/admin/featured') return ok({ raffle: null, tournament: null });
      return undefined;
    });
    renderWithProviders(<GoLivePage />, { user: adminFixture });
    const complete = await screen.findByRole('button', { name: 'Complete Sunday Hunt' });
    expect(complete).toBeDisabled();
    expect(complete).toHaveAccessibleDescription('Enter the win of every slot before completing the hunt (1 unopened).');
    // Only the next unopened slot is listed; every slot on request.
    expect(screen.getByRole('textbox', { name: 'Win for Sugar Rush' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Win for Mental' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 2 slots' }));
    expect(screen.getByRole('textbox', { name: 'Win for Mental' })).toBeInTheDocument();
  });

  it('completes the running hunt only after a confirmation that says what happens', async () => {
    const opened: AdminHuntDetail = {
      ...hunt,
      statistics: { ...stats, opened_count: 2, winnings: 50 },
      games: hunt.games.map((g) => ({ ...g, slot_win: g.slot_win ?? 0, multiplier: g.multiplier ?? 0, opened: true })),
    };
    const requests = recordFetches((r) => {
      const ok = (data: unknown) => ({
        body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } },
      });
      if (r.url === '/api/admin/bonus-hunts?page=1') return ok([{ ...hunt, games: undefined }]);
      if (r.url === '/api/admin/bonus-hunts/4' && r.method === 'GET') return ok(opened);
      if (r.url === '/api/admin/bonus-hunts/4/status') return ok({ ...opened, status: 'completed' });
      if (r.url === '/api/admin/raffles?page=1' || r.url === '/api/admin/tournaments' || r.url === '/api/admin/overlays') return ok([]);
      if (r.url === '/api/admin/featured') return ok({ raffle: null, tournament: null });
      return undefined;
    });
    const { store } = renderWithProviders(<GoLivePage />, { user: adminFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Sunday Hunt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Sunday Hunt?' });
    expect(dialog).toHaveTextContent('Predictions are scored against winnings of $50.00 and the prize points are paid');
    expect(requests.some((r) => r.url === '/api/admin/bonus-hunts/4/status')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete hunt' }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((t) => t.message)).toContain('Sunday Hunt completed; predictions are being scored'),
    );
    expect(JSON.parse(String(requests.find((r) => r.url === '/api/admin/bonus-hunts/4/status')!.body))).toEqual({ status: 'completed' });
  });

  it('keeps a raffle drawn on stream with its winners and their claims, and offers no second draw', async () => {
    const drawn = {
      ...raffle,
      id: 9,
      title: 'Drawn raffle',
      is_accepting_entries: false,
      status: 'Ended',
      drawn_at: '2026-11-25T10:00:00.000Z',
      claim_window_minutes: 10,
      winners: [
        { id: 1, username: 'ann', kick_username: 'ann_k', avatar: null, avatar_url: null },
        { id: 2, username: 'bob', kick_username: null, avatar: null, avatar_url: null },
      ],
      winner_claims: [
        { position: 1, user_id: 1, claim_deadline: '2026-11-25T10:10:00.000Z', claimed_at: '2026-11-25T10:02:00.000Z' },
        { position: 2, user_id: 2, claim_deadline: null, claimed_at: null },
      ],
    } as AdminRaffle;
    mockFetch((r) => {
      const ok = (data: unknown) => ({
        body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } },
      });
      if (r.url === '/api/admin/bonus-hunts?page=1') return ok([]);
      if (r.url === '/api/admin/raffles?page=1') return ok([drawn]);
      if (r.url === '/api/admin/featured') return ok({ raffle: 9, tournament: null, leaderboard: null });
      if (r.url === '/api/admin/raffles/9') return ok(drawn);
      if (r.url === '/api/admin/tournaments') return ok([]);
      if (r.url === '/api/admin/overlays') return ok([]);
      return undefined;
    });
    renderWithProviders(<GoLivePage />, { user: adminFixture });
    const winners = await screen.findByTestId('go-live-raffle-winners');
    expect(within(winners).getByText('ann_k')).toBeInTheDocument();
    expect(screen.getByTestId('go-live-raffle-claim-1')).toHaveTextContent(/^Claimed /);
    expect(screen.getByTestId('go-live-raffle-claim-2')).toHaveTextContent('Unclaimed');
    expect(screen.getByText('Winners drawn. They stay on stream until you start a raffle or put another on stream.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Draw winners now' })).toBeNull();
  });
});
