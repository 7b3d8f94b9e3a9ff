import { centsToDecimal } from './decimal-amount';

export interface RawWager {
  username: string;
  cents: bigint;
}

export interface RankedWager {
  rank: number;
  username: string;
  /** Decimal string with 2 decimals. */
  wagered: string;
  cents: bigint;
}

const key = (username: string) => username.trim().toLowerCase();

/**
 * Turns a source's rows into the ranking.
 * - Usernames are compared case-insensitively after trimming: rows of the same player are
 *   added up (the first spelling seen is kept), excluded usernames are dropped.
 * - Players with nothing wagered are not ranked.
 * - Order: wagered descending; equal wagered → username ascending, compared case-insensitively
 *   by UTF-16 code units, then by the exact spelling. Every player gets a distinct rank
 *   (1, 2, 3, …), so a tie never shares a podium place or a prize.
 */
interface Merged extends RawWager {
  /** The comparison key, worked out once per player instead of once per comparison. */
  k: string;
  /** The amount as a number for the sort; exact below 2^53 cents (ninety trillion dollars). */
  n: number;
}

const MAX_EXACT_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

export function rankWagers(rows: Iterable<RawWager>, excluded: Iterable<string> = []): RankedWager[] {
  const skip = new Set(Array.from(excluded, key));
  const merged = new Map<string, Merged>();
  for (const row of rows) {
    const username = row.username.trim();
    const k = key(username);
    if (!k || skip.has(k)) continue;
    const seen = merged.get(k);
    if (seen) seen.cents += row.cents;
    else merged.set(k, { username, cents: row.cents, k, n: 0 });
  }
  const list = [...merged.values()].filter((r) => r.cents > 0n);
  // Numbers compare far faster than bigints (500,000 players: a sort of ~10 million comparisons); an amount past
  // 2^53 cents falls back to comparing the bigints.
  const exact = list.every((r) => r.cents <= MAX_EXACT_CENTS);
  for (const r of list) r.n = Number(r.cents);
  list.sort((a, b) => {
    if (exact ? a.n !== b.n : a.cents !== b.cents) return (exact ? a.n > b.n : a.cents > b.cents) ? -1 : 1;
    if (a.k !== b.k) return a.k < b.k ? -1 : 1;
    return a.username < b.username ? -1 : a.username > b.username ? 1 : 0;
  });
  return list.map((r, i) => ({ rank: i + 1, username: r.username, wagered: centsToDecimal(r.cents), cents: r.cents }));
}

export const PODIUM_SIZE = 3;
