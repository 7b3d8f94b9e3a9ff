import { pollPercents, withVotes, type PollView } from './poll-results';

describe('pollPercents', () => {
  it('gives whole percents that add up to exactly 100, the leftover points to the largest remainders', () => {
    expect(pollPercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(pollPercents([2, 1])).toEqual([67, 33]);
    expect(pollPercents([1, 1, 1, 1, 1, 1, 1])).toEqual([15, 15, 14, 14, 14, 14, 14]);
    expect(pollPercents([0, 3, 0])).toEqual([0, 100, 0]);
  });

  it('breaks an equal remainder toward the lower index, and gives 0 to everything without votes', () => {
    expect(pollPercents([1, 0, 1, 1])).toEqual([34, 0, 33, 33]);
    expect(pollPercents([0, 0])).toEqual([0, 0]);
  });

  it('adds up to 100 for any counts', () => {
    for (let n = 0; n < 500; n += 1) {
      const votes = Array.from({ length: 2 + (n % 9) }, (_, i) => (n * 7919 + i * 104729) % 97);
      const sum = pollPercents(votes).reduce((a, b) => a + b, 0);
      expect(sum).toBe(votes.some((v) => v > 0) ? 100 : 0);
    }
  });
});

describe('withVotes', () => {
  const view: PollView = {
    id: 3,
    question: 'Q?',
    audience: 'members',
    status: 'open',
    opened_at: '2026-11-29T10:00:00.000Z',
    closes_at: null,
    total: 0,
    options: [
      { index: 0, label: 'A', votes: 0, percent: 0 },
      { index: 1, label: 'B', votes: 0, percent: 0 },
    ],
    counted_at: '2026-11-29T10:00:01.000Z',
  };

  it('applies a newer read of the same poll and ignores an older one or another poll', () => {
    const next = withVotes(view, { poll_id: 3, votes: [1, 2], counted_at: '2026-11-29T10:00:02.000Z' });
    expect(next.options.map((o) => [o.votes, o.percent])).toEqual([
      [1, 33],
      [2, 67],
    ]);
    expect(next.total).toBe(3);
    expect(withVotes(next, { poll_id: 3, votes: [0, 0], counted_at: '2026-11-29T10:00:01.500Z' })).toBe(next);
    expect(withVotes(next, { poll_id: 4, votes: [9, 9], counted_at: '2026-11-29T10:00:09.000Z' })).toBe(next);
  });
});
