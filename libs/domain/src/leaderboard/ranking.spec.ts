import { centsToDecimal } from './decimal-amount';
import { rankWagers, type RankedWager, type RawWager } from './ranking';

/** The documented rule written the plain way: one comparator sort on bigints, strings compared unit by unit. */
function referenceRanking(rows: RawWager[], excluded: string[]): RankedWager[] {
  const skip = new Set(excluded.map((name) => name.trim().toLowerCase()));
  const players = new Map<string, { username: string; key: string; cents: bigint }>();
  for (const row of rows) {
    const username = row.username.trim();
    const key = username.toLowerCase();
    if (key === '' || skip.has(key)) continue;
    const player = players.get(key);
    if (player) player.cents += BigInt(row.cents);
    else players.set(key, { username, key, cents: BigInt(row.cents) });
  }
  return [...players.values()]
    .filter((p) => p.cents > 0n)
    .sort((a, b) => {
      if (a.cents !== b.cents) return a.cents > b.cents ? -1 : 1;
      return compareCodeUnits(a.key, b.key) || compareCodeUnits(a.username, b.username);
    })
    .map((p, i) => ({ rank: i + 1, username: p.username, wagered: centsToDecimal(p.cents), cents: p.cents }));
}

function compareCodeUnits(a: string, b: string): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const diff = a.charCodeAt(i) - b.charCodeAt(i);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

/** mulberry32: deterministic, so a failure can be replayed. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// Few stems and few amounts, so players collide after trimming and lower-casing and many totals tie. '\u{1F600}' and
// '\u{1D49C}' are surrogate pairs (0xD83D…, 0xD835…) sorting before '\uFF5A' by code unit although after it by code point.
const STEMS = [
  'ann',
  'Ann',
  'ANN',
  'bob',
  'Bob2',
  'zed',
  'émile',
  'Émile',
  'i\u0307',
  'straße',
  '\u{1F600}',
  '\u{1F600}a',
  '\u{1D49C}',
  '\uFF5A',
];
const PADDING = ['', ' ', '\t', '\u00A0', '\n'];
const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);
// Totals of up to 300 rows of these stay below 2^53 cents, where the ranking sorts numbers.
const EXACT_AMOUNTS = [0n, -500n, 1n, 99n, 100n, 2_500n, 2_500n, 1_000_000n, 2n ** 40n];
const PAST_EXACT = [MAX_EXACT - 1n, MAX_EXACT, MAX_EXACT + 1n, MAX_EXACT + 2n, 2n ** 60n, 2n ** 60n + 1n];

function randomBoard(random: () => number, amounts: bigint[]): { rows: RawWager[]; excluded: string[] } {
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const rows = Array.from({ length: 1 + Math.floor(random() * 300) }, () => {
    const stem = `${pick(STEMS)}${random() < 0.5 ? Math.floor(random() * 40) : ''}`;
    const cents = pick(amounts);
    // Sources give bigints, the manual read gives numbers below 2^53: rows of one player may mix both.
    const asNumber = cents <= MAX_EXACT && random() < 0.5;
    return { username: `${pick(PADDING)}${stem}${pick(PADDING)}`, cents: asNumber ? Number(cents) : cents };
  });
  const excluded = Array.from({ length: Math.floor(random() * 3) }, () => ` ${pick(STEMS).toUpperCase()} `);
  return { rows, excluded };
}

describe('rankWagers equals the documented rule', () => {
  it.each([
    ['amounts below 2^53 cents', EXACT_AMOUNTS],
    ['amounts past 2^53 cents', [...EXACT_AMOUNTS, ...PAST_EXACT]],
  ])('on random boards with ties, case and whitespace variants, exclusions and %s', (_, amounts) => {
    const random = randomSource(35);
    for (let board = 0; board < 400; board++) {
      const { rows, excluded } = randomBoard(random, amounts);
      const ranked = rankWagers(rows, excluded).map((r) => ({ ...r, cents: BigInt(r.cents) }));
      expect(ranked).toEqual(referenceRanking(rows, excluded));
    }
  });

  it('tells apart amounts one cent apart at the top of the exact range', () => {
    const rows = [
      { username: 'low', cents: MAX_EXACT - 1n },
      { username: 'high', cents: MAX_EXACT },
      { username: 'also-high', cents: MAX_EXACT },
    ];
    expect(rankWagers(rows).map((r) => r.username)).toEqual(['also-high', 'high', 'low']);
  });

  it('orders ties by UTF-16 code unit, not by code point or locale', () => {
    const rows = ['\uFF5A', '\u{1F600}', 'Z', 'a'].map((username) => ({ username, cents: 100n }));
    expect(rankWagers(rows).map((r) => r.username)).toEqual(['a', 'Z', '\u{1F600}', '\uFF5A']);
  });

  it('formats amounts in and past the exact range', () => {
    const ranked = rankWagers([
      { username: 'a', cents: 5n },
      { username: 'b', cents: MAX_EXACT },
      { username: 'c', cents: 10n ** 18n - 1n },
    ]);
    expect(ranked.map((r) => r.wagered)).toEqual(['9999999999999999.99', '90071992547409.91', '0.05']);
  });
});
