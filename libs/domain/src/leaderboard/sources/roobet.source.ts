import { z } from 'zod';
import { httpGet, parseJson } from './http-fetch';
import { amountSchema, usernameSchema, validatePayload } from './payload-validation';
import { requireCredentials, str, type LeaderboardSource, type SourceContext, type SourceRow } from './source-adapter';

const payload = z.array(
  z.object({ username: usernameSchema, wagered: amountSchema, weightedWagered: amountSchema.optional() }).passthrough(),
);

/** Roobet affiliate stats: GET /affiliate/v2/stats?userId&startDate&endDate, Bearer token. */
export class RoobetSource implements LeaderboardSource {
  readonly type = 'roobet' as const;

  async fetch(ctx: SourceContext): Promise<SourceRow[]> {
    const token = requireCredentials(ctx, 'Roobet API token');
    const url = new URL('/affiliate/v2/stats', str(ctx, 'base_url') ?? 'https://roobetconnect.com');
    url.searchParams.set('userId', str(ctx, 'user_id') ?? '');
    url.searchParams.set('startDate', ctx.window.start.toISOString());
    url.searchParams.set('endDate', ctx.window.end.toISOString());
    url.searchParams.set('sortBy', 'wagered');
    const answer = await httpGet(ctx, url, { authorization: `Bearer ${token}` });
    const rows = validatePayload(payload, parseJson(answer.text, 'Roobet'), 'Roobet');
    const weighted = ctx.config.weighted === true;
    return rows.map((r) => ({ username: r.username, cents: weighted ? (r.weightedWagered ?? r.wagered) : r.wagered }));
  }
}
