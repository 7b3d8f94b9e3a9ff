import type { ContestView } from '@kickback/contracts';
import { el } from '../overlay-dom';

const points = (n: number) => n.toLocaleString('en-US');

/** `4:05` until `at`, or null once it has passed. */
function left(at: string, now: number): string | null {
  const seconds = Math.floor((Date.parse(at) - now) / 1000);
  if (seconds <= 0) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The contest's badge: the time left while stakes are taken (or 'Open' without a timer), then what became of it. */
export function contestClock(contest: ContestView, now: number): string {
  if (contest.status === 'resolved') return `Winner: ${contest.options[contest.winning_option ?? -1]?.label ?? '?'}`;
  if (contest.status === 'cancelled') return 'Cancelled';
  if (contest.status === 'refunded') return 'Refunded';
  if (contest.status === 'closed') return 'Closed';
  if (!contest.closes_at) return 'Open';
  return left(contest.closes_at, now) ?? 'Closed';
}

/**
 * The contest as the overlay shows it: the question and its badge, then per option its number (what `!bet` takes), name,
 * pool, members and payout ratio, the winner lit once resolved, and the totals (`clock` is updated by the caller).
 */
export function contestPanel(contest: ContestView, clock: HTMLElement): HTMLElement[] {
  clock.textContent = contestClock(contest, Date.now());
  return [
    el('header', { className: 'ov-title' }, [el('span', { text: contest.question, testId: 'contest-question' }), clock]),
    el(
      'ol',
      { className: 'ov-contest__options', testId: 'contest-options' },
      contest.options.map((o) =>
        el('li', { className: `ov-contest__option${contest.winning_option === o.index ? ' ov-contest__option--won' : ''}` }, [
          el('span', { className: 'ov-contest__index', text: String(o.index + 1) }),
          el('span', { className: 'ov-contest__label', text: o.label }),
          el('span', { className: 'ov-contest__pool', text: points(o.pool), testId: `contest-pool-${o.index}` }),
          el('span', { className: 'ov-contest__members', text: `${o.members} ${o.members === 1 ? 'member' : 'members'}` }),
          el('span', { className: 'ov-contest__ratio', text: o.ratio === null ? '–' : `×${o.ratio.toFixed(2)}` }),
        ]),
      ),
    ),
    el('footer', { className: 'ov-contest__totals', testId: 'contest-totals' }, [
      el('span', { text: `Pool ${points(contest.pool)} points` }),
      el('span', { className: 'ov-contest__members', text: `${contest.members} ${contest.members === 1 ? 'member' : 'members'}` }),
    ]),
  ];
}
