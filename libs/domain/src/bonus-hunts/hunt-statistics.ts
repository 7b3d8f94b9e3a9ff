import type { HuntStatistics } from '@kickback/contracts';
import { centsToNumber, ratioHundredths, roundedDivision, toCents } from './decimal-cents';

/** One game as PostgreSQL stores it: amounts are numeric text, win null until opened. */
export interface StatisticsGameInput {
  slotName: string;
  position: number;
  bet: string;
  win: string | null;
  /** round(win / bet, 2) from PostgreSQL; null when unopened or the bet is 0. */
  multiplier: string | null;
}

/**
 * The single definition of a hunt's statistics (docs/bonus-hunt-statistics.md). Pure: the
 * same numbers on the public page, in pushes, in history and in the admin screen.
 *
 * - winnings: sum of the wins of opened games.
 * - average_multiplier: total win / total bet over opened games with a bet above 0 (bet-weighted,
 *   so it compares directly with the break-even multiplier); 0 when there is none.
 * - break_even_multiplier: (starting balance − winnings) / sum of the bets of unopened games;
 *   0 when the hunt already broke even or no unopened bet is left.
 * - biggest_win: the largest win of an opened game; 0 when none is opened.
 * - highest_multiplier_game: the opened game with the highest multiplier (bet above 0); a tie
 *   goes to the game earlier in the hunt's order; null when there is none.
 * - projected_end_balance: winnings + unopened bets × average multiplier so far (the break-even
 *   multiplier while no game with a bet is opened). It equals the starting balance before
 *   anything is opened (even with no slots yet) and the final balance once everything is; live
 *   standings rank against it.
 */
export function computeHuntStatistics(startingBalance: string, games: StatisticsGameInput[]): HuntStatistics {
  const start = toCents(startingBalance);
  let winnings = 0n;
  let openedBets = 0n;
  let openedWinsWithBet = 0n;
  let unopenedBets = 0n;
  let biggestWin = 0n;
  let openedCount = 0;
  let best: { game: StatisticsGameInput; multiplier: bigint } | null = null;

  const ordered = [...games].sort((a, b) => a.position - b.position);
  for (const game of ordered) {
    const bet = toCents(game.bet);
    if (game.win === null) {
      unopenedBets += bet;
      continue;
    }
    openedCount += 1;
    const win = toCents(game.win);
    winnings += win;
    if (win > biggestWin) biggestWin = win;
    if (bet > 0n) {
      openedBets += bet;
      openedWinsWithBet += win;
      // Multipliers are hundredths too, so comparing cents-style integers is exact.
      const multiplier = game.multiplier === null ? ratioHundredths(win, bet) : toCents(game.multiplier);
      if (!best || multiplier > best.multiplier) best = { game, multiplier };
    }
  }

  const remaining = start - winnings;
  let projected = winnings;
  // Nothing opened yet (no slots, or only unopened zero bets): the hunt is heading for its start, not for $0.
  if (openedCount === 0) projected = start;
  else if (unopenedBets > 0n) {
    if (openedBets > 0n) projected += roundedDivision(unopenedBets * openedWinsWithBet, openedBets);
    else if (remaining > 0n) projected = start;
  }
  return {
    starting_balance: centsToNumber(start),
    winnings: centsToNumber(winnings),
    average_multiplier: openedBets > 0n ? centsToNumber(ratioHundredths(openedWinsWithBet, openedBets)) : 0,
    break_even_multiplier: remaining > 0n && unopenedBets > 0n ? centsToNumber(ratioHundredths(remaining, unopenedBets)) : 0,
    biggest_win: centsToNumber(biggestWin),
    highest_multiplier_game: best
      ? { slot_name: best.game.slotName, win: centsToNumber(toCents(best.game.win!)), multiplier: centsToNumber(best.multiplier) }
      : null,
    projected_end_balance: centsToNumber(projected),
    games_count: games.length,
    opened_count: openedCount,
  };
}
