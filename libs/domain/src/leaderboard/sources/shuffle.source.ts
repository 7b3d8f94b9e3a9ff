import { z } from 'zod';
import { httpGet, parseJson } from './http-fetch';
import { amountSchema, usernameSchema, validatePayload } from './payload-validation';
import { requireCredentials, str, type LeaderboardSource, type SourceContext, type SourceRow } from './source-adapter';

const payload = z.array(z.object({ username: usernameSchema, wagerAmount: amountSchema }).passthrough());

/** Shuffle affiliate stats: GET /stats/<uuid>?startTime&endTime (seconds); the UUID is the credential. */
export class ShuffleSource implements LeaderboardSource {
  readonly type = 'shuffle' as const;

  async fetch(ctx: SourceContext): Promise<SourceRow[]> {
    const uuid = requireCredentials(ctx, 'Shuffle affiliate UUID');
    const url = new URL(`/stats/${encodeURIComponent(uuid)}`, str(ctx, 'base_url') ?? 'https://affiliate.shuffle.com');
    url.searchParams.set('startTime', String(Math.floor(ctx.window.start.getTime() / 1000)));
    url.searchParams.set('endTime', String(Math.floor(ctx.window.end.getTime() / 1000)));
    const answer = await httpGet(ctx, url);
    const rows = validatePayload(payload, parseJson(answer.text, 'Shuffle'), 'Shuffle');
    return rows.map((r) => ({ username: r.username, cents: r.wagerAmount }));
  }
}
