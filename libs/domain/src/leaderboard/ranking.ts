import { addCents, centsToDecimal, type Cents } from './decimal-amount';
import { orderPlayers, type OrderedPlayer } from './ranking-order';

export interface RawWager {
  username: string;
  cents: Cents;
}

export interface RankedWager {
  rank: number;
  username: string;
  /** Decimal string with 2 decimals. */
  wagered: string;
  cents: Cents;
}

/**
 * Turns a source's rows into the ranking.
 * - Usernames are compared case-insensitively after trimming: rows of the same player are
 *   added up (the first spelling seen is kept), excluded usernames are dropped.
 * - Players with nothing wagered are not ranked.
 * - Order: wagered descending; equal wagered → username ascending, compared case-insensitively
 *   by UTF-16 code units, then by the exact spelling. Every player gets a distinct rank
 *   (1, 2, 3, …), so a tie never shares a podium place or a prize.
 */
export function rankWagers(rows: Iterable<RawWager>, excluded: Iterable<string> = []): RankedWager[] {
  const skip = new Set(Array.from(excluded, (name) => name.trim().toLowerCase()));
  const merged = new Map<string, OrderedPlayer>();
  for (const row of rows) {
    const username = row.username.trim();
    const k = username.toLowerCase();
    if (!k || skip.has(k)) continue;
    const seen = merged.get(k);
    if (seen) seen.cents = addCents(seen.cents, row.cents);
    else merged.set(k, { username, k, cents: row.cents, n: 0 });
  }
  const players: OrderedPlayer[] = [];
  for (const p of merged.values()) {
    if (p.cents <= 0) continue;
    p.n = Number(p.cents);
    players.push(p);
  }
  return orderPlayers(players).map((p, i) => ({ rank: i + 1, username: p.username, wagered: centsToDecimal(p.cents), cents: p.cents }));
}

export const PODIUM_SIZE = 3;
