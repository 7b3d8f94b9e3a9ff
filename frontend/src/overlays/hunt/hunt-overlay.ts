import { huntRoom, HUNTS_ROOM } from '@kickback/contracts/realtime';
import type { CurrentHuntData, HuntGame, HuntResults, HuntStatistics, OverlayData } from '@kickback/contracts';
import { formatAmount, formatBreakEven, formatMultiplier, formatNumber } from '../../lib/format';
import { el, fill } from '../overlay-dom';
import { refetchOverlayData } from '../overlay-socket';
import type { OverlayContext } from '../overlay-context';

/** Slots shown at once: the board scrolls to keep the one just opened in view. */
const VISIBLE_SLOTS = 12;

/**
 * The bonus hunt board: every slot with bet, win and multiplier, the running winnings against the start, the
 * break-even multiplier, and the slot just opened highlighted. Follows hunt:{id} (hunt:game) and 'hunts'
 * (a new hunt or a status change reloads the board).
 */
export function mountHuntOverlay({ stage, live, token }: OverlayContext, initial: Extract<OverlayData, { kind: 'hunt' }>): void {
  let hunt: CurrentHuntData = initial.hunt;
  let latestId: number | null = null;
  const panel = el('section', { className: 'ov-panel ov-hunt', testId: 'hunt-overlay' });
  stage.append(panel);
  live.join(HUNTS_ROOM);

  const reload = async () => {
    const next = await refetchOverlayData<Extract<OverlayData, { kind: 'hunt' }>>('hunt', token);
    if (next) {
      if (hunt.hunt && next.hunt.hunt?.id !== hunt.hunt.id) live.leave(huntRoom(hunt.hunt.id));
      hunt = next.hunt;
      render();
    }
  };

  live.on('hunt:game', (push) => {
    if (!hunt.hunt || push.hunt_id !== hunt.hunt.id) return;
    const index = hunt.games.findIndex((g) => g.id === push.game.id);
    const games = [...hunt.games];
    if (index === -1) games.push(push.game);
    else games[index] = push.game;
    if (push.game.opened) latestId = push.game.id;
    hunt = { ...hunt, games, statistics: push.statistics };
    render();
  });
  live.on('hunt:updated', (push) => {
    if (push.change === 'prediction' || push.change === 'predictions') return;
    void reload();
  });
  live.onReconnect(() => void reload());

  function render(): void {
    if (!hunt.hunt || !hunt.statistics || hunt.hunt.status === 'completed') {
      // The last hunt's results stay on stream until the next hunt starts; nothing at all before the first one.
      panel.hidden = !hunt.results;
      if (hunt.results) fill(panel, resultsScene(hunt.results));
      return;
    }
    panel.hidden = false;
    live.join(huntRoom(hunt.hunt.id));
    const games = [...hunt.games].sort((a, b) => a.position - b.position);
    fill(panel, [
      el('header', { className: 'ov-title' }, [
        el('span', { text: hunt.hunt.name }),
        el('span', { className: 'ov-badge', text: hunt.hunt.status === 'opening' ? 'Opening' : 'Collecting' }),
      ]),
      statistics(hunt.statistics),
      el(
        'ol',
        { className: 'ov-hunt__slots' },
        visibleSlots(games).map((g) => slotRow(g, games.indexOf(g) + 1, g.id === latestId)),
      ),
    ]);
  }
  render();
}

function statistics(s: HuntStatistics): HTMLElement {
  const cell = (label: string, value: string, testId: string) =>
    el('div', { className: 'ov-stat' }, [el('span', { className: 'ov-stat__label', text: label }), el('strong', { text: value, testId })]);
  return el('div', { className: 'ov-stats' }, [
    cell('Start', formatAmount(s.starting_balance), 'hunt-start'),
    cell('Winnings', formatAmount(s.winnings), 'hunt-winnings'),
    cell('Break-even', formatBreakEven(s), 'hunt-break-even'),
    cell('Opened', `${s.opened_count}/${s.games_count}`, 'hunt-opened'),
  ]);
}

/** The climax of a completed hunt: final balance, profit or loss against the start, best slot, the closest three. */
function resultsScene(r: HuntResults): HTMLElement[] {
  const cell = (label: string, value: string, testId: string, className = '') =>
    el('div', { className: 'ov-stat' }, [
      el('span', { className: 'ov-stat__label', text: label }),
      el('strong', { text: value, testId, className }),
    ]);
  const profit = r.profit >= 0 ? `+${formatAmount(r.profit)}` : formatAmount(r.profit);
  return [
    el('header', { className: 'ov-title' }, [el('span', { text: r.name }), el('span', { className: 'ov-badge', text: 'Results' })]),
    el('div', { className: 'ov-stats', testId: 'hunt-results' }, [
      cell('Final balance', formatAmount(r.final_balance), 'hunt-final-balance'),
      cell(r.profit >= 0 ? 'Profit' : 'Loss', profit, 'hunt-profit', r.profit >= 0 ? 'ov-up' : 'ov-down'),
      cell('Best slot', r.best_slot ? `${r.best_slot.slot_name} ${formatMultiplier(r.best_slot.multiplier)}` : '—', 'hunt-best-slot'),
    ]),
    el(
      'ol',
      { className: 'ov-hunt__podium', testId: 'hunt-podium' },
      r.top_predictions.map((p) =>
        el('li', { className: 'ov-slot is-opened' }, [
          el('span', { className: 'ov-slot__pos', text: `#${p.rank}` }),
          el('span', { className: 'ov-slot__name', text: p.user.kick_username || p.user.username }),
          el('span', { className: 'ov-slot__bet', text: formatAmount(p.end_balance) }),
          el('span', { className: 'ov-slot__win', text: r.scored ? `${formatNumber(p.points_awarded)} pts` : '' }),
        ]),
      ),
    ),
  ];
}

/** The window of slots around the last opened one (or the first unopened), at most VISIBLE_SLOTS. */
function visibleSlots(games: HuntGame[]): HuntGame[] {
  if (games.length <= VISIBLE_SLOTS) return games;
  const focus = Math.max(
    0,
    games.findIndex((g) => !g.opened),
  );
  const start = Math.min(Math.max(0, focus - Math.floor(VISIBLE_SLOTS / 2)), games.length - VISIBLE_SLOTS);
  return games.slice(start, start + VISIBLE_SLOTS);
}

function slotRow(g: HuntGame, number: number, latest: boolean): HTMLElement {
  return el(
    'li',
    { className: `ov-slot${g.opened ? ' is-opened' : ''}${latest ? ' is-latest' : ''}`, attrs: { 'data-game': String(g.id) } },
    [
      el('span', { className: 'ov-slot__pos', text: String(number) }),
      el('span', { className: 'ov-slot__name', text: g.slot_name }),
      el('span', { className: 'ov-slot__bet', text: formatAmount(g.slot_bet) }),
      el('span', { className: 'ov-slot__win', text: g.slot_win === null ? '—' : formatAmount(g.slot_win) }),
      el('span', { className: 'ov-slot__multi', text: g.multiplier === null ? '' : formatMultiplier(g.multiplier) }),
    ],
  );
}
