import type { RaceDetail } from '@kickback/contracts';
import { racePrizeLabel } from '@kickback/contracts/race-prizes';
import { formatAmount } from '../../lib/format';
import { el } from '../overlay-dom';

const TOP = 10;

/** `3d 04:05:06` until `ms`, or null once it has passed. */
function left(ms: number, now: number): string | null {
  const seconds = Math.floor((ms - now) / 1000);
  if (seconds <= 0) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(seconds / 86_400);
  return `${days > 0 ? `${days}d ` : ''}${two(Math.floor((seconds % 86_400) / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** The race's clock: 'Starts in …' before its start, the time left while it runs, then 'Ended' (or 'Final'). */
export function raceClock(detail: RaceDetail, now: number): string {
  const { race } = detail;
  if (race.status === 'finished') return 'Final';
  if (now < race.startTimestamp) return `Starts in ${left(race.startTimestamp, now)}`;
  return left(race.endTimestamp, now) ?? 'Ended';
}

/**
 * The race's top 10 as the overlay shows it: rank, masked name, wagered inside the race and the place's prize, with
 * the clock in the header (`clock` is updated every second by the caller).
 */
export function racePanel(detail: RaceDetail, clock: HTMLElement): HTMLElement[] {
  const { race } = detail;
  clock.textContent = raceClock(detail, Date.now());
  return [
    el('header', { className: 'ov-title' }, [el('span', { text: race.title, testId: 'race-title' }), clock]),
    el(
      'ol',
      { className: 'ov-leaderboard__rows', testId: 'race-rows' },
      detail.standings
        .slice(0, TOP)
        .map((s) =>
          el('li', { className: 'ov-leaderboard__row' }, [
            el('span', { className: 'ov-leaderboard__rank', text: String(s.rank) }),
            el('span', { className: 'ov-leaderboard__name', text: s.displayName }),
            el('span', { className: 'ov-leaderboard__wagered', text: formatAmount(s.wagered, race.currency_symbol) }),
            el('span', { className: 'ov-leaderboard__prize', text: s.prize ? racePrizeLabel(s.prize, race.currency_symbol) : '' }),
          ]),
        ),
    ),
  ];
}
