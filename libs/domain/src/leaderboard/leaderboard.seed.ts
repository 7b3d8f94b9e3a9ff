import { OutboxService } from '@kickback/platform';
import type { EntityManager } from '@mikro-orm/postgresql';
import { centsToDecimal } from './decimal-amount';
import { periodWindow } from './period-window';
import { rankWagers } from './ranking';
import { writeStandings } from './leaderboard-standings.repository';
import { standaloneWinners } from '../winners/winners.service';
import { recordPeriodWinners } from './period-prize-winners';

const FIRST = [
  'lucky',
  'spin',
  'high',
  'wild',
  'max',
  'mega',
  'cash',
  'slot',
  'dice',
  'gold',
  'neon',
  'turbo',
  'royal',
  'ace',
  'big',
  'crypto',
];
const SECOND = [
  'Wolf',
  'King',
  'Roller',
  'Hunter',
  'Shark',
  'Viking',
  'Tiger',
  'Ninja',
  'Queen',
  'Rider',
  'Fox',
  'Baron',
  'Ghost',
  'Pilot',
];

/** Small deterministic generator so every seeded database shows the same demo players. */
function players(seed: number, count: number, top: number): { username: string; cents: bigint }[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const out = new Map<string, bigint>();
  while (out.size < count) {
    const name = `${FIRST[Math.floor(next() * FIRST.length)]}${SECOND[Math.floor(next() * SECOND.length)]}${Math.floor(next() * 900 + 100)}`;
    // A long tail: a few big wagerers, many small ones.
    const cents = BigInt(Math.round(top * 100 * Math.pow(next(), 3)) + 2_500);
    out.set(name, cents);
  }
  return [...out].map(([username, cents]) => ({ username, cents }));
}

const PLATFORMS = [
  {
    name: 'Roobet',
    slug: 'roobet',
    symbol: '$',
    prizes: [2500, 1500, 1000, 500, 250, 100, 50, 50, 25, 25],
    seed: 7,
    count: 42,
    top: 480_000,
  },
  { name: 'Stake', slug: 'stake', symbol: '$', prizes: [1000, 600, 400, 200, 100], seed: 11, count: 28, top: 220_000 },
];

/**
 * Two demo platforms on the manual CSV source (no network): this month's standings and last
 * month's archived period, so the board, the podium and the past periods all have data.
 */
export async function seedLeaderboard(em: EntityManager): Promise<void> {
  const [{ n }] = await em.execute<{ n: string }[]>('select count(*)::text as n from leaderboard_platforms');
  if (Number(n) > 0) return;
  const now = new Date();
  const current = periodWindow({ periodType: 'monthly', customStart: null, customEnd: null }, now);
  const previous = periodWindow({ periodType: 'monthly', customStart: null, customEnd: null }, new Date(current.start.getTime() - 1));
  for (const [index, p] of PLATFORMS.entries()) {
    const [{ id }] = await em.execute<{ id: number }[]>(
      `insert into leaderboard_platforms (name, slug, currency_symbol, source_type, period_type, prizes, mask_usernames, excluded_usernames, display_order)
       values (?, ?, ?, 'manual_csv', 'monthly', ?::jsonb, true, '["kickback_streamer"]'::jsonb, ?) returning id`,
      [p.name, p.slug, p.symbol, JSON.stringify(p.prizes), index],
    );
    for (const [window, status, seed] of [
      [previous, 'archived', p.seed + 100],
      [current, 'current', p.seed],
    ] as const) {
      const rows = players(seed, p.count, p.top);
      const [{ id: periodId }] = await em.execute<{ id: string }[]>(
        `insert into leaderboard_periods (platform_id, starts_at, ends_at, status, archived_at, prizes) values (?, ?, ?, ?, ?, ?::jsonb) returning id`,
        [
          id,
          window.start,
          window.end,
          status,
          status === 'archived' ? window.end : null,
          status === 'archived' ? JSON.stringify(p.prizes) : null,
        ],
      );
      const asJson = JSON.stringify(rows.map((r) => ({ username: r.username, wagered: centsToDecimal(r.cents) })));
      await em.execute(
        `insert into leaderboard_manual_entries (period_id, username, wagered) select ?, r.username, r.wagered from jsonb_to_recordset(?::jsonb) as r(username text, wagered numeric)`,
        [periodId, asJson],
      );
      const ranked = rankWagers(rows);
      await writeStandings(
        em,
        Number(periodId),
        ranked.map((r) => r.username),
        ranked.map((r) => r.wagered),
      );
      if (status === 'archived')
        await recordPeriodWinners(em, standaloneWinners(em), {
          periodId: Number(periodId),
          platform: { name: p.name, currencySymbol: p.symbol, maskUsernames: true },
          startsAt: window.start,
          prizes: p.prizes,
          paidAt: window.end,
        });
    }
    // A running worker schedules the new platform and rebuilds the Redis caches from these rows.
    await new OutboxService().add(em, 'leaderboard.platforms-changed', { at: now.toISOString(), platformId: id });
  }
}
