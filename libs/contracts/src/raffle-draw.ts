import { sha256Hex } from './sha256';

/**
 * The raffle draw, as a pure function anyone can run (browser or Node) to check a result.
 * Algorithm 'kickback-raffle-v1', documented in docs/raffle-draws.md:
 *
 *  1. The published entry list is ordered by entry id; each line is `${entry_id}:${user_id}:${tickets}\n`.
 *     entries_hash = sha256 hex of the concatenated lines.
 *  2. Candidates are the distinct users in order of their first entry, each weighted by the
 *     sum of their tickets.
 *  3. For draw index k = 0, 1, 2, …: r = BigInt('0x' + sha256Hex(`${seed}:${entries_hash}:${k}`))
 *     mod (tickets still in the pool). Walk the remaining candidates in order, subtracting
 *     their weights; the one on whom r falls is drawn and leaves the pool (no replacement).
 *  4. The draw order is the sequence of drawn users. Winners are its first number_of_winners
 *     users; every reroll removes one standing winner and takes the next unused user in the
 *     draw order.
 */
export const RAFFLE_DRAW_ALGORITHM = 'kickback-raffle-v1';

/**
 * Version 2 (docs/raffle-draws.md): as v1, but each entry line also carries the entry's multiplier and whether it
 * was excluded (`${entry_id}:${user_id}:${tickets}:${multiplier}:${excluded ? 1 : 0}\n`); a user's weight is the sum
 * of tickets × multiplier over their entries that are not excluded, and a user with no weight is no candidate.
 */
export const RAFFLE_DRAW_ALGORITHM_V2 = 'kickback-raffle-v2';

export const RAFFLE_DRAW_ALGORITHMS = [RAFFLE_DRAW_ALGORITHM, RAFFLE_DRAW_ALGORITHM_V2] as const;
export type RaffleDrawAlgorithm = (typeof RAFFLE_DRAW_ALGORITHMS)[number];

export interface DrawEntry {
  entry_id: number;
  user_id: number;
  tickets: number;
  /** v2 only: how many tickets each ticket of the entry counts for (1 to 10), fixed when the entry was written. */
  multiplier?: number;
  /** v2 only: taken out before the draw (a ban); published so the committed list stays whole, never drawn. */
  excluded?: boolean;
}

const isV2 = (algorithm: RaffleDrawAlgorithm) => algorithm === RAFFLE_DRAW_ALGORITHM_V2;

/** The entry's multiplier under the algorithm: always 1 in v1, which does not know multipliers. */
function multiplierOf(e: DrawEntry, algorithm: RaffleDrawAlgorithm): number {
  if (!isV2(algorithm)) return 1;
  if (!Number.isSafeInteger(e.multiplier) || e.multiplier! < 1) throw new Error(`entry ${e.entry_id} has an invalid multiplier`);
  return e.multiplier!;
}

export interface DrawnWinner {
  position: number;
  user_id: number;
  /** Index in the draw order; rerolls take the next unused index. */
  draw_index: number;
}

export function canonicalEntryList(entries: readonly DrawEntry[], algorithm: RaffleDrawAlgorithm = RAFFLE_DRAW_ALGORITHM): string {
  return [...entries]
    .sort((a, b) => a.entry_id - b.entry_id)
    .map((e) =>
      isV2(algorithm)
        ? `${e.entry_id}:${e.user_id}:${e.tickets}:${multiplierOf(e, algorithm)}:${e.excluded ? 1 : 0}\n`
        : `${e.entry_id}:${e.user_id}:${e.tickets}\n`,
    )
    .join('');
}

export function entriesHash(entries: readonly DrawEntry[], algorithm: RaffleDrawAlgorithm = RAFFLE_DRAW_ALGORITHM): string {
  return sha256Hex(canonicalEntryList(entries, algorithm));
}

/** Every user, in the order the seed draws them (weighted by tickets, without replacement). */
export function drawOrder(
  seed: string,
  entries: readonly DrawEntry[],
  limit = Number.POSITIVE_INFINITY,
  algorithm: RaffleDrawAlgorithm = RAFFLE_DRAW_ALGORITHM,
): number[] {
  const hash = entriesHash(entries, algorithm);
  const weights = new Map<number, number>();
  for (const e of [...entries].sort((a, b) => a.entry_id - b.entry_id)) {
    if (!Number.isSafeInteger(e.tickets) || e.tickets <= 0) throw new Error(`entry ${e.entry_id} has invalid tickets`);
    const weight = isV2(algorithm) && e.excluded ? 0 : e.tickets * multiplierOf(e, algorithm);
    weights.set(e.user_id, (weights.get(e.user_id) ?? 0) + weight);
  }
  const pool = [...weights.entries()].filter(([, weight]) => weight > 0).map(([userId, weight]) => ({ userId, weight }));
  let remaining = pool.reduce((sum, c) => sum + c.weight, 0);
  const order: number[] = [];
  for (let k = 0; pool.length > 0 && order.length < limit; k++) {
    let r = Number(BigInt(`0x${sha256Hex(`${seed}:${hash}:${k}`)}`) % BigInt(remaining));
    let index = 0;
    while (r >= pool[index].weight) {
      r -= pool[index].weight;
      index++;
    }
    const [picked] = pool.splice(index, 1);
    remaining -= picked.weight;
    order.push(picked.userId);
  }
  return order;
}

/**
 * Standing winners after the initial draw and the given rerolls (positions, in the order
 * they happened). Positions are 1-based. In v2 the same list also holds the positions passed on because their
 * winner did not claim in time.
 */
export function computeWinners(
  seed: string,
  entries: readonly DrawEntry[],
  numberOfWinners: number,
  rerolledPositions: readonly number[] = [],
  algorithm: RaffleDrawAlgorithm = RAFFLE_DRAW_ALGORITHM,
): DrawnWinner[] {
  const order = drawOrder(seed, entries, numberOfWinners + rerolledPositions.length, algorithm);
  const standing: DrawnWinner[] = order.slice(0, numberOfWinners).map((user_id, i) => ({ position: i + 1, user_id, draw_index: i }));
  let next = standing.length;
  for (const position of rerolledPositions) {
    const slot = standing.findIndex((w) => w.position === position);
    if (slot < 0 || next >= order.length) continue;
    standing[slot] = { position, user_id: order[next], draw_index: next };
    next++;
  }
  return standing;
}
