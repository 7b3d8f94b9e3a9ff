import type { LeaderboardSourceType, RaceRanking } from '@kickback/contracts';
import { addCents, toCents, type Cents } from '../decimal-amount';
import { rankWagers, type RankedWager, type RawWager } from '../ranking';
import type { PeriodWindow } from '../period-window';

const DAY_MS = 86_400_000;
/** Sources asked for any start and end to the second. */
const TIMED_SOURCES: readonly LeaderboardSourceType[] = ['roobet', 'shuffle', 'stake'];
/** Template tokens that carry a time (not only a day). */
const TIMED_TOKENS = /\{(start|end)(_ms|_s)?\}/;
const DAY_TOKENS = /\{(start|end)_date\}/;

const wholeDays = (w: PeriodWindow): boolean => w.start.getTime() % DAY_MS === 0 && w.end.getTime() % DAY_MS === 0;

/**
 * Whether a race can ask its source for its own window, or must rank differences from a start snapshot: Roobet,
 * Shuffle and Stake take exact times; Rainbet and a generic JSON URL with only day tokens take whole UTC days, so they
 * ask for the window only when it starts and ends at midnight UTC; Gamdom (monthly buckets), a manual CSV (the
 * period's imported totals) and a generic JSON URL without a start/end token report running totals.
 */
export function raceRanking(sourceType: LeaderboardSourceType, sourceConfig: Record<string, unknown>, window: PeriodWindow): RaceRanking {
  if (TIMED_SOURCES.includes(sourceType)) return 'window';
  if (sourceType === 'rainbet') return wholeDays(window) ? 'window' : 'snapshot';
  if (sourceType === 'generic_json') {
    const url = typeof sourceConfig.url === 'string' ? sourceConfig.url : '';
    if (TIMED_TOKENS.test(url)) return 'window';
    if (DAY_TOKENS.test(url) && wholeDays(window)) return 'window';
  }
  return 'snapshot';
}

/**
 * What a snapshot race asks its source for, at the snapshot and at every refresh alike: the UTC calendar months that
 * hold the race (Gamdom sums the buckets of months starting inside it; date sources sum those days). The same window
 * every time, so each player's total only grows and the difference is what they wagered since the snapshot.
 */
export function totalsWindow(race: PeriodWindow): PeriodWindow {
  const s = race.start;
  const last = new Date(race.end.getTime() - 1);
  return {
    start: new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), 1)),
    end: new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 1)),
  };
}

const subtract = (a: Cents, b: Cents): Cents => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return BigInt(a) - BigInt(b);
};

/**
 * The race's ranking: the leaderboard's rules (names merged case-insensitively, exclusions, ties by name, distinct
 * ranks), applied to what each player wagered inside the race. With a snapshot, that is the total now minus the total
 * at the snapshot (a player absent from it had nothing then; a total that went down counts as nothing). Players
 * below the minimum wager are not placed, and the ranks close up behind them.
 */
export function rankRace(
  rows: Iterable<RawWager>,
  options: { excluded: string[]; minWager: string; snapshot: Map<string, Cents> | null },
): RankedWager[] {
  let wagers: Iterable<RawWager> = rows;
  if (options.snapshot) {
    const before = options.snapshot;
    wagers = rankWagers(rows, options.excluded).map((r) => {
      const diff = subtract(r.cents, before.get(r.username.toLowerCase()) ?? 0);
      return { username: r.username, cents: diff > 0 ? diff : 0 };
    });
  }
  const minimum = toCents(options.minWager);
  return rankWagers(wagers, options.excluded)
    .filter((r) => BigInt(r.cents) >= minimum)
    .map((r, i) => ({ ...r, rank: i + 1 }));
}

/** A snapshot as stored (names and decimal totals) → totals by lower-cased name, added up as the ranking does. */
export function snapshotTotals(usernames: string[], wagered: string[]): Map<string, Cents> {
  const totals = new Map<string, Cents>();
  usernames.forEach((name, i) => {
    const k = name.trim().toLowerCase();
    totals.set(k, addCents(totals.get(k) ?? 0, toCents(wagered[i])));
  });
  return totals;
}
