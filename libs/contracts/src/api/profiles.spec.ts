import { FALLBACK_RANK, XP_PER_LEVEL, levelForXp, xpBar } from './profiles';

describe('SPEC §5 level math and the XP bar', () => {
  it.each([
    // xp, level, xp inside the level, xp_next_level
    [0, 1, 0, 1000],
    [1, 1, 1, 1000],
    [999, 1, 999, 1000],
    [1000, 2, 0, 2000],
    [1001, 2, 1, 2000],
    [2500, 3, 500, 3000],
    [9999, 10, 999, 10000],
    [10000, 11, 0, 11000],
  ])('%i XP is level %i with %i / 1000 XP towards the next (xp_next_level %i)', (xp, level, current, next) => {
    expect(levelForXp(xp)).toBe(level);
    expect(xpBar(xp)).toEqual({ level, next_level: level + 1, current, needed: XP_PER_LEVEL, xp_next_level: next, percent: current / 10 });
  });

  it('treats negative or fractional XP as what a ledger can hold', () => {
    expect(xpBar(-5)).toMatchObject({ level: 1, current: 0 });
    expect(xpBar(1500.7)).toMatchObject({ level: 2, current: 500 });
  });

  it('uses the SPEC §9 constants', () => {
    expect([XP_PER_LEVEL, FALLBACK_RANK]).toEqual([1000, 999]);
  });
});
