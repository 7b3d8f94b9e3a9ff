import { z } from 'zod';
import { httpGet, parseJson } from './http-fetch';
import { amountSchema, validatePayload } from './payload-validation';
import { isoDay, requireCredentials, str, type LeaderboardSource, type SourceContext, type SourceRow } from './source-adapter';

const payload = z
  .object({
    data: z.array(
      z
        .object({
          user_id: z.union([z.number(), z.string()]),
          username: z.string().max(100),
          wager_data: z.array(
            z.object({ month: z.string().regex(/^\d{4}-\d{2}/, 'must start with YYYY-MM'), total_wager_usd: amountSchema }).passthrough(),
          ),
        })
        .passthrough(),
    ),
  })
  .passthrough();

/**
 * Gamdom: GET /api/affiliates/leaderboard?apikey&after=YYYY-MM-DD → monthly buckets per player.
 * The period's total is the sum of the buckets whose month lies inside the period (so Gamdom
 * platforms use monthly periods). Hidden players (user_id -1) are dropped: they cannot be told
 * apart, so they are neither ranked nor paid.
 */
export class GamdomSource implements LeaderboardSource {
  readonly type = 'gamdom' as const;

  async fetch(ctx: SourceContext): Promise<SourceRow[]> {
    const key = requireCredentials(ctx, 'Gamdom API key');
    const url = new URL('/api/affiliates/leaderboard', str(ctx, 'base_url') ?? 'https://gamdom.com');
    url.searchParams.set('apikey', key);
    url.searchParams.set('after', isoDay(ctx.window.start));
    const answer = await httpGet(ctx, url);
    const body = validatePayload(payload, parseJson(answer.text, 'Gamdom'), 'Gamdom');
    const months = monthsIn(ctx.window.start, ctx.window.end);
    const rows: SourceRow[] = [];
    for (const player of body.data) {
      if (Number(player.user_id) === -1 || !player.username.trim()) continue;
      let cents = 0n;
      for (const bucket of player.wager_data) if (months.has(bucket.month.slice(0, 7))) cents += bucket.total_wager_usd;
      rows.push({ username: player.username, cents });
    }
    return rows;
  }
}

/** 'YYYY-MM' of every month that starts inside [start, end). */
function monthsIn(start: Date, end: Date): Set<string> {
  const out = new Set<string>();
  let y = start.getUTCFullYear();
  let m = start.getUTCMonth();
  if (start.getUTCDate() !== 1 || start.getUTCHours() !== 0) m += 1;
  for (;;) {
    const first = Date.UTC(y, m, 1);
    if (first >= end.getTime()) break;
    const d = new Date(first);
    out.add(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
    m += 1;
    if (m > 11) {
      y += 1;
      m = 0;
    }
  }
  return out;
}
