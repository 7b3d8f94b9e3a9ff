import type { ContestTemplate, ContestView } from '@kickback/contracts';
import { withPools } from '@kickback/contracts/contest-pools';

/** A template staking 10–500 points on Yes or No for two minutes; each test names it. */
export const contestTemplateFixture = (id: number, name: string, question: string): ContestTemplate => ({
  id,
  name,
  question,
  options: ['Yes', 'No'],
  min_stake: 10,
  max_stake: 500,
  window_seconds: 120,
});

/**
 * An open contest staking 10–500 points, opened at 09:00 on the fixtures' day and closed by hand, with each option's
 * pool and members as `[label, pool, members]`: its totals and payout ratios worked out as the server does.
 */
export function contestFixture(id: number, question: string, options: ReadonlyArray<readonly [string, number, number]>): ContestView {
  const empty: ContestView = {
    id,
    question,
    status: 'open',
    min_stake: 10,
    max_stake: 500,
    closes_at: null,
    opened_at: '2026-11-29T09:00:00Z',
    winning_option: null,
    pool: 0,
    members: 0,
    options: options.map(([label], index) => ({ index, label, pool: 0, members: 0, ratio: null })),
  };
  return withPools(empty, { contest_id: id, options: options.map(([, pool, members], index) => ({ index, pool, members })) });
}
