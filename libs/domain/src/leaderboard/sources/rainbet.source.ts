import { z } from 'zod';
import { httpGet, parseJson } from './http-fetch';
import { amountSchema, usernameSchema, validatePayload } from './payload-validation';
import { isoDay, lastDay, requireCredentials, str, type LeaderboardSource, type SourceContext, type SourceRow } from './source-adapter';

const payload = z
  .object({ affiliates: z.array(z.object({ username: usernameSchema, wagered_amount: amountSchema }).passthrough()) })
  .passthrough();

/** Rainbet: GET /v1/external/affiliates?start_at&end_at (YYYY-MM-DD, inclusive)&key. */
export class RainbetSource implements LeaderboardSource {
  readonly type = 'rainbet' as const;

  async fetch(ctx: SourceContext): Promise<SourceRow[]> {
    const key = requireCredentials(ctx, 'Rainbet API key');
    const url = new URL('/v1/external/affiliates', str(ctx, 'base_url') ?? 'https://services.rainbet.com');
    url.searchParams.set('start_at', isoDay(ctx.window.start));
    url.searchParams.set('end_at', lastDay(ctx.window));
    url.searchParams.set('key', key);
    const answer = await httpGet(ctx, url);
    const body = validatePayload(payload, parseJson(answer.text, 'Rainbet'), 'Rainbet');
    return body.affiliates.map((r) => ({ username: r.username, cents: r.wagered_amount }));
  }
}
