import type { ContestView } from '@kickback/contracts';
import { withPools } from '@kickback/contracts/contest-pools';
import { contestClock, contestPanel } from './contest-panel';

const view = (over: Partial<ContestView> = {}): ContestView => ({
  id: 3,
  question: 'Which slot pays best?',
  status: 'open',
  min_stake: 10,
  max_stake: 1000,
  closes_at: null,
  opened_at: '2026-11-29T11:00:00.000Z',
  winning_option: null,
  pool: 300,
  members: 3,
  options: [
    { index: 0, label: 'Gates', pool: 200, members: 2, ratio: 1.5 },
    { index: 1, label: 'Bonanza', pool: 100, members: 1, ratio: 3 },
    { index: 2, label: 'Sugar', pool: 0, members: 0, ratio: null },
  ],
  ...over,
});

describe('contest overlay panel', () => {
  it('shows each option by the number !bet takes, its pool, members and ratio, and the totals', () => {
    const clock = document.createElement('strong');
    const root = document.createElement('div');
    root.append(...contestPanel(view(), clock));
    const rows = [...root.querySelectorAll('li')].map((li) => [...li.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', 'Gates', '200', '2 members', '×1.50'],
      ['2', 'Bonanza', '100', '1 member', '×3.00'],
      ['3', 'Sugar', '0', '0 members', '–'],
    ]);
    expect(root.querySelector('[data-testid="contest-totals"]')!.textContent).toBe('Pool 300 points3 members');
    expect(clock.textContent).toBe('Open');
  });

  it('follows a pools push: ratios move with the new pools', () => {
    const next = withPools(view(), {
      contest_id: 3,
      options: [
        { index: 0, pool: 200, members: 2 },
        { index: 1, pool: 100, members: 1 },
        { index: 2, pool: 700, members: 4 },
      ],
    });
    expect(next.options.map((o) => o.ratio)).toEqual([5, 10, 1.43]);
    expect([next.pool, next.members]).toEqual([1000, 7]);
  });

  it('counts down to the timer, then names the winner or what else became of it', () => {
    const now = Date.parse('2026-11-29T11:00:00.000Z');
    expect(contestClock(view({ closes_at: '2026-11-29T11:01:05.000Z' }), now)).toBe('1:05');
    expect(contestClock(view({ closes_at: '2026-11-29T10:59:00.000Z' }), now)).toBe('Closed');
    expect(contestClock(view({ status: 'resolved', winning_option: 1 }), now)).toBe('Winner: Bonanza');
    expect(contestClock(view({ status: 'cancelled' }), now)).toBe('Cancelled');
    expect(contestClock(view({ status: 'refunded' }), now)).toBe('Refunded');
  });
});
