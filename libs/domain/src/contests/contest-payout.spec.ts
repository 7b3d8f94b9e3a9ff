import { contestPayouts, type PayoutStake } from './contest-payout';

const stake = (userId: number, option: number, points: number, firstStakedAt = userId): PayoutStake => ({
  userId,
  option,
  points,
  firstStakedAt,
});
const total = (payouts: { points: number }[] | null) => (payouts ?? []).reduce((sum, p) => sum + p.points, 0);

describe('contestPayouts', () => {
  it('pays each winner their share of the whole pool when it divides exactly', () => {
    const stakes = [stake(1, 0, 100), stake(2, 0, 300), stake(3, 1, 400)];
    expect(contestPayouts(stakes, 0)).toEqual([
      { userId: 1, points: 200 },
      { userId: 2, points: 600 },
    ]);
  });

  it('gives the rounding remainder one point each to the largest winning stakes', () => {
    // Pool 10 over winning stakes 3, 3 and 1: exact shares 30/7, 30/7, 10/7 round down to 4, 4, 1; 1 point is left.
    const stakes = [stake(1, 0, 1), stake(2, 0, 3), stake(3, 0, 3), stake(4, 1, 3)];
    expect(contestPayouts(stakes, 0)).toEqual([
      { userId: 1, points: 1 },
      { userId: 2, points: 5 },
      { userId: 3, points: 4 },
    ]);
  });

  it('breaks a tie for a remainder point by the earlier first stake, then the lower member id', () => {
    const stakes = [stake(7, 0, 1, 500), stake(8, 0, 1, 100), stake(9, 0, 1, 100), stake(1, 1, 2)];
    // Pool 5 over three equal stakes: 1 each, 2 left, to member 8 and 9 (earlier than 7; 8 before 9 by id).
    expect(contestPayouts(stakes, 0)).toEqual([
      { userId: 7, points: 1 },
      { userId: 8, points: 2 },
      { userId: 9, points: 2 },
    ]);
  });

  it('answers null when nobody backed the winning option (everyone is refunded)', () => {
    expect(contestPayouts([stake(1, 0, 5), stake(2, 1, 5)], 2)).toBeNull();
  });

  it('pays out exactly the pool for many random contests, never more', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 300; round++) {
      const stakes = Array.from({ length: 1 + Math.floor(random() * 60) }, (_, i) =>
        stake(i + 1, Math.floor(random() * 3), 1 + Math.floor(random() * 10_000), Math.floor(random() * 5)),
      );
      const pool = stakes.reduce((sum, s) => sum + s.points, 0);
      const payouts = contestPayouts(stakes, 1);
      if (!stakes.some((s) => s.option === 1)) expect(payouts).toBeNull();
      else {
        expect(total(payouts)).toBe(pool);
        // No winner gets less than their rounded-down share or more than one point above it.
        const winningPool = stakes.filter((s) => s.option === 1).reduce((sum, s) => sum + s.points, 0);
        for (const p of payouts!) {
          const share = Math.floor((pool * stakes.find((s) => s.userId === p.userId)!.points) / winningPool);
          expect(p.points - share).toBeGreaterThanOrEqual(0);
          expect(p.points - share).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('stays exact with stakes whose product passes 2^53', () => {
    const stakes = [
      stake(1, 0, 9_999_999),
      stake(2, 0, 9_999_998),
      stake(3, 1, 9_999_997),
      ...Array.from({ length: 997 }, (_, i) => stake(10 + i, 1, 9_999_991)),
    ];
    const pool = stakes.reduce((sum, s) => sum + s.points, 0);
    expect(total(contestPayouts(stakes, 0))).toBe(pool);
  });
});
