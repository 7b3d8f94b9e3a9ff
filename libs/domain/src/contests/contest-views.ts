import { payoutRatio, type ContestOptionView, type ContestView } from '@kickback/contracts';
import { isoOrNull } from '@kickback/platform';
import type { ContestRow, PoolRow } from './contests.repository';

/** A contest as the site, Go live and the overlay show it: each option's pool, members and payout ratio. */
export function contestView(row: ContestRow, pools: PoolRow[]): ContestView {
  const byOption = new Map(pools.map((p) => [p.option, p]));
  const pool = pools.reduce((sum, p) => sum + Number(p.pool), 0);
  const options: ContestOptionView[] = row.options.map((label, index) => {
    const mine = byOption.get(index);
    const optionPool = mine ? Number(mine.pool) : 0;
    return {
      index,
      label,
      pool: optionPool,
      members: mine ? Number(mine.members) : 0,
      ratio: payoutRatio(pool, optionPool),
    };
  });
  // A timer that ran out closed the contest even before anything wrote 'closed'.
  const timedOut = row.status === 'open' && row.closes_at !== null && new Date(row.closes_at).getTime() <= Date.now();
  return {
    id: row.id,
    question: row.question,
    status: timedOut ? 'closed' : row.status,
    min_stake: Number(row.min_stake),
    max_stake: Number(row.max_stake),
    closes_at: isoOrNull(row.closes_at),
    opened_at: new Date(row.opened_at).toISOString(),
    winning_option: row.winning_option,
    pool,
    members: pools.reduce((sum, p) => sum + Number(p.members), 0),
    options,
  };
}
