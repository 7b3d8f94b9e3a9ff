import { pollPercents, type PollAudience, type PollView } from '@kickback/contracts/poll-results';

/**
 * An open poll opened and counted at 09:00 on the fixtures' day, its options' percents worked out as the server
 * does; each test names the question, the audience and the votes it reads.
 */
export function pollFixture(
  id: number,
  question: string,
  audience: PollAudience,
  options: ReadonlyArray<readonly [label: string, votes: number]>,
  overrides: Partial<PollView> = {},
): PollView {
  const votes = options.map(([, count]) => count);
  const percents = pollPercents(votes);
  return {
    id,
    question,
    audience,
    status: 'open',
    opened_at: '2026-11-29T09:00:00.000Z',
    closes_at: null,
    total: votes.reduce((sum, count) => sum + count, 0),
    options: options.map(([label, count], index) => ({ index, label, votes: count, percent: percents[index] })),
    counted_at: '2026-11-29T09:00:00.000Z',
    ...overrides,
  };
}
