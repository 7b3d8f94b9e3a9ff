/** One member's stake as the payout reads it. */
export interface PayoutStake {
  userId: number;
  option: number;
  points: number;
  /** When their first stake was taken (ms): the earlier stake wins a tie for a remainder point. */
  firstStakedAt: number;
}

export interface Payout {
  userId: number;
  points: number;
}

/**
 * Who is paid what when `winning` wins (docs/contests.md "Payout"). Winners share the whole pool in proportion to
 * their stakes, each share rounded down; the points the rounding left over (fewer than the number of winners) go one
 * each to the largest winning stakes, a tie to the earlier first stake, then the lower member id. So the payouts add
 * up to the pool exactly. Null when nobody backed the winning option: the caller refunds every stake instead.
 * BigInt arithmetic: pool × stake can pass 2^53 with large stakes.
 */
export function contestPayouts(stakes: readonly PayoutStake[], winning: number): Payout[] | null {
  const winners = stakes.filter((s) => s.option === winning);
  if (!winners.length) return null;
  const pool = stakes.reduce((sum, s) => sum + BigInt(s.points), 0n);
  const winningPool = winners.reduce((sum, s) => sum + BigInt(s.points), 0n);
  const shares = winners.map((s) => ({ stake: s, points: (pool * BigInt(s.points)) / winningPool }));
  let remainder = pool - shares.reduce((sum, s) => sum + s.points, 0n);
  const order = [...shares].sort(
    (a, b) => b.stake.points - a.stake.points || a.stake.firstStakedAt - b.stake.firstStakedAt || a.stake.userId - b.stake.userId,
  );
  for (const share of order) {
    if (remainder === 0n) break;
    share.points += 1n;
    remainder -= 1n;
  }
  return shares.map((s) => ({ userId: s.stake.userId, points: Number(s.points) }));
}
