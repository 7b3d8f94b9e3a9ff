import { computeHuntStatistics, type StatisticsGameInput } from './hunt-statistics';
import { centsToText, ratioHundredths, toCents } from './decimal-cents';

const game = (
  position: number,
  slotName: string,
  bet: string,
  win: string | null,
  multiplier: string | null = null,
): StatisticsGameInput => ({
  position,
  slotName,
  bet,
  win,
  multiplier,
});

describe('computeHuntStatistics (docs/bonus-hunt-statistics.md worked examples)', () => {
  it('example 1: a hunt in progress', () => {
    // Start $1,000.00; opened: $2 bet won $250.50 (125.25x), $4 bet won $12.00 (3x); unopened: $5 and $1.
    const stats = computeHuntStatistics('1000.00', [
      game(0, 'Gates of Olympus', '2.00', '250.50', '125.25'),
      game(1, 'Sweet Bonanza', '4.00', '12.00', '3.00'),
      game(2, 'Wanted Dead or a Wild', '5.00', null),
      game(3, 'Sugar Rush', '1.00', null),
    ]);
    expect(stats).toEqual({
      starting_balance: 1000,
      winnings: 262.5,
      // (250.50 + 12.00) / (2 + 4) = 43.75
      average_multiplier: 43.75,
      // (1000 − 262.50) / (5 + 1) = 122.916… → 122.92
      break_even_multiplier: 122.92,
      biggest_win: 250.5,
      highest_multiplier_game: { slot_name: 'Gates of Olympus', win: 250.5, multiplier: 125.25 },
      // 262.50 + (5 + 1) × 262.50 / 6 = 525.00
      projected_end_balance: 525,
      games_count: 4,
      opened_count: 2,
    });
  });

  it('example 2: nothing opened yet', () => {
    const stats = computeHuntStatistics('500.00', [game(0, 'A', '2.50', null), game(1, 'B', '2.50', null)]);
    expect(stats).toMatchObject({
      winnings: 0,
      average_multiplier: 0,
      // 500 / 5 = 100x just to get the money back
      break_even_multiplier: 100,
      biggest_win: 0,
      highest_multiplier_game: null,
      projected_end_balance: 500,
      opened_count: 0,
    });
  });

  it('example 3: no games at all projects the start, so early predictions rank by distance to it', () => {
    expect(computeHuntStatistics('250.00', [])).toEqual({
      starting_balance: 250,
      winnings: 0,
      average_multiplier: 0,
      break_even_multiplier: 0,
      biggest_win: 0,
      highest_multiplier_game: null,
      projected_end_balance: 250,
      games_count: 0,
      opened_count: 0,
    });
  });

  it('example 4: zero bets count for winnings but never for multipliers', () => {
    // A free-spins bonus entered with bet 0 that paid $40, one normal game, one unopened zero bet.
    const stats = computeHuntStatistics('100.00', [
      game(0, 'Freebie', '0.00', '40.00'),
      game(1, 'Normal', '1.00', '20.00', '20.00'),
      game(2, 'Zero', '0.00', null),
    ]);
    expect(stats.winnings).toBe(60);
    expect(stats.biggest_win).toBe(40);
    expect(stats.average_multiplier).toBe(20);
    expect(stats.highest_multiplier_game).toEqual({ slot_name: 'Normal', win: 20, multiplier: 20 });
    // $40 still to recover but the only unopened bet is 0: nothing can be required of it.
    expect(stats.break_even_multiplier).toBe(0);
  });

  it('example 5: already broken even gives break-even 0', () => {
    const stats = computeHuntStatistics('100.00', [game(0, 'Hit', '1.00', '150.00', '150.00'), game(1, 'Left', '2.00', null)]);
    expect(stats.break_even_multiplier).toBe(0);
    expect(stats.winnings).toBe(150);
    // 150 + 2 × (150 / 1) = 450
    expect(stats.projected_end_balance).toBe(450);
  });

  it('example 6: every game opened leaves no break-even and projects the final balance', () => {
    const stats = computeHuntStatistics('100.00', [game(0, 'A', '1.00', '10.00', '10.00')]);
    expect(stats.break_even_multiplier).toBe(0);
    expect(stats.projected_end_balance).toBe(10);
  });

  it('a tie on the highest multiplier goes to the earlier game in the hunt order', () => {
    const stats = computeHuntStatistics('10.00', [game(1, 'Later', '1.00', '5.00', '5.00'), game(0, 'Earlier', '2.00', '10.00', '5.00')]);
    expect(stats.highest_multiplier_game?.slot_name).toBe('Earlier');
  });

  it('sums cents exactly where floats would drift (0.10 + 0.20 …)', () => {
    const games = Array.from({ length: 10 }, (_, i) => game(i, `S${i}`, '0.10', '0.10', '1.00'));
    games.push(game(10, 'T', '0.20', '0.20', '1.00'));
    const stats = computeHuntStatistics('0.00', games);
    expect(stats.winnings).toBe(1.2);
    expect(String(stats.winnings)).toBe('1.2');
  });

  it('handles amounts beyond float-exact integers of cents', () => {
    const stats = computeHuntStatistics('99999999.99', [
      game(0, 'Big', '1000000.00', '99999999.99', '100.00'),
      game(1, 'Big2', '1000000.00', null),
    ]);
    expect(stats.winnings).toBe(99999999.99);
    expect(stats.break_even_multiplier).toBe(0);
  });
});

describe('decimal cents helpers', () => {
  it('parses and prints numeric text', () => {
    expect(toCents('1250.5')).toBe(125050n);
    expect(toCents('-3.07')).toBe(-307n);
    expect(centsToText(125050n)).toBe('1250.50');
    expect(centsToText(-7n)).toBe('-0.07');
    expect(() => toCents('1.234')).toThrow();
  });

  it('rounds ratios half away from zero like PostgreSQL round(x, 2)', () => {
    expect(ratioHundredths(1n, 8n)).toBe(13n); // 0.125 → 0.13
    expect(ratioHundredths(-1n, 8n)).toBe(-13n);
    expect(ratioHundredths(2n, 3n)).toBe(67n);
  });
});
