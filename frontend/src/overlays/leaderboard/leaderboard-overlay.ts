import { LEADERBOARD_ROOM, raceRoom } from '@kickback/contracts/realtime';
import type { LeaderboardBoard, LeaderboardData, OverlayData, RaceDetail } from '@kickback/contracts';
import { formatAmount } from '../../lib/format';
import { el, fill } from '../overlay-dom';
import { refetchOverlayData } from '../overlay-socket';
import type { OverlayContext } from '../overlay-context';
import { raceClock, racePanel } from '../race/race-panel';

const TOP = 10;

/** `3d 04:05:06` until the end, or 'Ended'. */
function countdown(endMs: number, now: number): string {
  const left = Math.max(0, Math.floor((endMs - now) / 1000));
  if (left === 0) return 'Ended';
  const two = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(left / 86_400);
  return `${days > 0 ? `${days}d ` : ''}${two(Math.floor((left % 86_400) / 3600))}:${two(Math.floor((left % 3600) / 60))}:${two(left % 60)}`;
}

/**
 * The board on stream (chosen on Go live, else the site's first): top 10 with prizes and the period's countdown.
 * Follows 'leaderboard', and switches boards when the admin puts another on stream (overlay:featured). Below the
 * board, the race on stream (if any) with its own top 10 and clock, following its room.
 */
export function mountLeaderboardOverlay(
  { stage, live, token }: OverlayContext,
  initial: Extract<OverlayData, { kind: 'leaderboard' }>,
): void {
  let data: LeaderboardData | null = initial.leaderboard;
  let platform: string | null = initial.platform;
  let race: RaceDetail | null = initial.race;
  const panel = el('section', { className: 'ov-panel ov-leaderboard', testId: 'leaderboard-overlay' });
  const clock = el('strong', { className: 'ov-leaderboard__clock', testId: 'leaderboard-countdown' });
  const racePanelEl = el('section', { className: 'ov-leaderboard__race', testId: 'leaderboard-race' });
  const raceClockEl = el('strong', { className: 'ov-leaderboard__clock', testId: 'leaderboard-race-countdown' });
  stage.append(panel);
  live.join(LEADERBOARD_ROOM);
  if (race) live.join(raceRoom(race.race.id));

  const board = (): LeaderboardBoard | null => {
    if (!data) return null;
    const slug = platform ?? data.selected_platform ?? data.platforms[0]?.slug;
    return slug ? (data.all_leaderboards[slug] ?? null) : null;
  };
  const reload = async () => {
    const next = await refetchOverlayData<Extract<OverlayData, { kind: 'leaderboard' }>>('leaderboard', token);
    if (next) {
      if (race && next.race?.race.id !== race.race.id) live.leave(raceRoom(race.race.id));
      data = next.leaderboard;
      platform = next.platform;
      race = next.race;
      if (race) live.join(raceRoom(race.race.id));
      render();
    }
  };
  live.on('leaderboard:updated', () => void reload());
  live.on('overlay:featured', (push) => {
    if (push.kind === 'leaderboard' || push.kind === 'race') void reload();
  });
  live.on('race:updated', (push) => {
    if (push.raceId === race?.race.id) void reload();
  });
  live.onReconnect(() => void reload());
  setInterval(() => {
    const b = board();
    if (b) clock.textContent = countdown(b.current_period.endTimestamp, Date.now());
    if (race) raceClockEl.textContent = raceClock(race, Date.now());
  }, 1000);

  function render(): void {
    const b = board();
    if (!b) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    clock.textContent = countdown(b.current_period.endTimestamp, Date.now());
    const players = [...b.top_three, ...b.rest_of_users].slice(0, TOP);
    fill(panel, [
      el('header', { className: 'ov-title' }, [el('span', { text: `${b.platform.name} Leaderboard` }), clock]),
      el(
        'ol',
        { className: 'ov-leaderboard__rows', testId: 'leaderboard-rows' },
        players.map((p, i) =>
          el('li', { className: 'ov-leaderboard__row' }, [
            el('span', { className: 'ov-leaderboard__rank', text: String(i + 1) }),
            el('span', { className: 'ov-leaderboard__name', text: p.displayName }),
            el('span', { className: 'ov-leaderboard__wagered', text: formatAmount(p.wagered, b.currency_symbol) }),
            el('span', { className: 'ov-leaderboard__prize', text: b.prizes[i] ? formatAmount(b.prizes[i], b.currency_symbol) : '' }),
          ]),
        ),
      ),
      race ? racePanelEl : null,
    ]);
    if (race) fill(racePanelEl, racePanel(race, raceClockEl));
  }
  render();
}
