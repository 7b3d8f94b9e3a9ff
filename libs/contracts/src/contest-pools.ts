// No zod here: the contest overlay imports this, and its bundle has no room for the contracts' schemas.
import type { ContestPoolsPush, ContestView } from './api/contests';

/** The options of a view with pools from a push: the ratios follow the new pools. */
export function withPools(view: ContestView, push: ContestPoolsPush): ContestView {
  const pools = new Map(push.options.map((o) => [o.index, o]));
  const options = view.options.map((o) => ({
    ...o,
    pool: pools.get(o.index)?.pool ?? o.pool,
    members: pools.get(o.index)?.members ?? o.members,
  }));
  const pool = options.reduce((sum, o) => sum + o.pool, 0);
  return {
    ...view,
    pool,
    members: options.reduce((sum, o) => sum + o.members, 0),
    options: options.map((o) => ({ ...o, ratio: payoutRatio(pool, o.pool) })),
  };
}

/** Points back per point staked if this option wins, to two places; null for an empty option. */
export const payoutRatio = (pool: number, optionPool: number): number | null =>
  optionPool ? Math.round((pool / optionPool) * 100) / 100 : null;
