import {
  DEFAULT_OVERLAY_SETTINGS,
  type CurrentHuntData,
  type HuntGame,
  type HuntGamePush,
  type HuntPrediction,
  type HuntResults,
  type HuntStatistics,
  type ServerToClientEvents,
} from '@kickback/contracts';
import type { OverlayLive } from '../overlay-socket';
import type { OverlayLookState } from '../overlay-look';
import { mountHuntOverlay } from './hunt-overlay';

const look: OverlayLookState = { settings: () => DEFAULT_OVERLAY_SETTINGS.hunt, onChange: () => undefined };

const stats = (over: Partial<HuntStatistics> = {}): HuntStatistics => ({
  starting_balance: 1000,
  winnings: 0,
  average_multiplier: 0,
  break_even_multiplier: 33.33,
  biggest_win: 0,
  highest_multiplier_game: null,
  projected_end_balance: 0,
  games_count: 2,
  opened_count: 0,
  ...over,
});
const game = (id: number, position: number, over: Partial<HuntGame> = {}): HuntGame => ({
  id,
  slot_name: `Slot ${id}`,
  slot_image: null,
  provider: { name: 'Provider' },
  slot_bet: 10,
  slot_win: null,
  multiplier: null,
  opened: false,
  position,
  ...over,
});

/** A live connection that records joins and lets the test push events. */
function fakeLive() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const joined: string[] = [];
  const live: OverlayLive = {
    join: (room) => void joined.push(room),
    leave: () => undefined,
    on: (event, handler) => void handlers.set(event, handler as (payload: unknown) => void),
    onReconnect: () => undefined,
  };
  const push = <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) =>
    handlers.get(event)!(payload);
  return { live, joined, push };
}

const hunt = (status: 'opening' | 'completed'): CurrentHuntData => ({
  hunt: {
    id: 4,
    name: 'Bonus Hunt #4',
    status,
    predictions_active: false,
    created_at: '',
    created_at_human: '',
    completed_at: null,
    predictions_count: 0,
    statistics: stats(),
  },
  statistics: stats(),
  games: [game(11, 0), game(12, 1)],
  user_prediction: null,
  top_predictions: [],
  results: null,
});

describe('hunt overlay', () => {
  it('lists the slots, joins the hunt rooms and lights up a win as it is pushed, with the new winnings and break-even', () => {
    const stage = document.createElement('div');
    const { live, joined, push } = fakeLive();
    mountHuntOverlay({ stage, live, token: 't', look }, { kind: 'hunt', hunt: hunt('opening') });
    expect(joined).toEqual(['hunts', 'hunt:4']);
    const rows = stage.querySelectorAll('[data-game]');
    expect([...rows].map((r) => r.textContent)).toEqual(['1Slot 11$10.00—', '2Slot 12$10.00—']);

    const pushed: HuntGamePush = {
      hunt_id: 4,
      game: game(12, 1, { slot_win: 250, multiplier: 25, opened: true }),
      statistics: stats({ winnings: 250, break_even_multiplier: 75, opened_count: 1 }),
      top_predictions: [],
    };
    push('hunt:game', pushed);
    const row = stage.querySelector('[data-game="12"]')!;
    expect(row.textContent).toBe('2Slot 12$10.00$250.0025.00x');
    expect(row.classList.contains('is-latest')).toBe(true);
    expect(stage.querySelector('[data-testid="hunt-winnings"]')!.textContent).toBe('$250.00');
    expect(stage.querySelector('[data-testid="hunt-break-even"]')!.textContent).toBe('75.00x');
    expect(stage.querySelector('[data-testid="hunt-opened"]')!.textContent).toBe('1/2');
    // Another hunt's pushes change nothing.
    push('hunt:game', { ...pushed, hunt_id: 5, game: game(11, 0, { slot_win: 1, opened: true }) });
    expect(stage.querySelector('[data-game="11"]')!.textContent).toBe('1Slot 11$10.00—');
  });

  it('shows nothing once the hunt is completed and before any results exist', () => {
    const stage = document.createElement('div');
    mountHuntOverlay({ stage, live: fakeLive().live, token: 't', look }, { kind: 'hunt', hunt: hunt('completed') });
    expect((stage.querySelector('[data-testid="hunt-overlay"]') as HTMLElement).hidden).toBe(true);
  });

  it("shows the last hunt's results scene while no hunt runs: final balance, loss against the start, best slot, podium", () => {
    const stage = document.createElement('div');
    const podium = (rank: number, name: string, points: number) =>
      ({
        id: rank,
        rank,
        end_balance: 900 + rank,
        points_awarded: points,
        user: { id: rank, username: name, kick_username: null, avatar_url: null },
      }) as HuntPrediction;
    const results: HuntResults = {
      hunt_id: 4,
      name: 'Friday Hunt',
      completed_at: null,
      scored: true,
      starting_balance: 1000,
      final_balance: 812.5,
      profit: -187.5,
      best_slot: { slot_name: 'Mental', win: 500, multiplier: 250 },
      predictions_count: 3,
      top_predictions: [podium(1, 'ann', 1000), podium(2, 'bob', 500), podium(3, 'cid', 250)],
    };
    mountHuntOverlay(
      { stage, live: fakeLive().live, token: 't', look },
      { kind: 'hunt', hunt: { ...hunt('opening'), hunt: null, statistics: null, games: [], results } },
    );
    const panel = stage.querySelector('[data-testid="hunt-overlay"]') as HTMLElement;
    expect(panel.hidden).toBe(false);
    expect(panel.querySelector('[data-testid="hunt-final-balance"]')!.textContent).toBe('$812.50');
    expect(panel.querySelector('[data-testid="hunt-profit"]')!.textContent).toBe('-$187.50');
    expect(panel.querySelector('[data-testid="hunt-best-slot"]')!.textContent).toBe('Mental 250.00x');
    expect([...panel.querySelectorAll('[data-testid="hunt-podium"] li')].map((li) => li.textContent)).toEqual([
      '#1ann$901.001,000 pts',
      '#2bob$902.00500 pts',
      '#3cid$903.00250 pts',
    ]);
  });

  it('says In profit instead of a 0.00x break-even once the winnings pass the start', () => {
    const stage = document.createElement('div');
    const rich = stats({ winnings: 1500, break_even_multiplier: 0 });
    mountHuntOverlay({ stage, live: fakeLive().live, token: 't', look }, { kind: 'hunt', hunt: { ...hunt('opening'), statistics: rich } });
    expect(stage.querySelector('[data-testid="hunt-break-even"]')!.textContent).toBe('In profit');
  });
});
