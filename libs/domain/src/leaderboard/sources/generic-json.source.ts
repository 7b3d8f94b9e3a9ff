import { z } from 'zod';
import { isoDay, lastDay, SourceError, str, type LeaderboardSource, type SourceContext, type SourceRow } from './source-adapter';
import { httpGet, parseJson } from './http-fetch';
import { amountSchema, validatePayload } from './payload-validation';

/** Follows a dot path ("data.players") into a JSON answer; an empty path is the answer itself. */
export function atPath(value: unknown, path: string): unknown {
  if (!path) return value;
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Any JSON API with a field mapping: URL template, path to the array, username and wagered fields. */
export class GenericJsonSource implements LeaderboardSource {
  readonly type = 'generic_json' as const;

  async fetch(ctx: SourceContext): Promise<SourceRow[]> {
    const template = str(ctx, 'url');
    if (!template) throw new SourceError('No URL is configured for this platform.');
    const { start, end } = ctx.window;
    const values: Record<string, string> = {
      start: start.toISOString(),
      end: end.toISOString(),
      start_ms: String(start.getTime()),
      end_ms: String(end.getTime()),
      start_s: String(Math.floor(start.getTime() / 1000)),
      end_s: String(Math.floor(end.getTime() / 1000)),
      start_date: isoDay(start),
      end_date: lastDay(ctx.window),
      key: ctx.credentials ?? '',
    };
    const url = new URL(
      template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(values[name]) : whole)),
    );
    const headers: Record<string, string> = {};
    const header = str(ctx, 'auth_header');
    if (header && ctx.credentials) headers[header.toLowerCase()] = `${str(ctx, 'auth_prefix') ?? ''}${ctx.credentials}`;
    const answer = await httpGet(ctx, url, headers);
    const list = atPath(parseJson(answer.text, url.host), str(ctx, 'array_path') ?? '');
    const usernameField = str(ctx, 'username_field') ?? 'username';
    const wageredField = str(ctx, 'wagered_field') ?? 'wagered';
    const row = z.object({ [usernameField]: z.string().trim().min(1).max(100), [wageredField]: amountSchema }).passthrough();
    const rows = validatePayload(z.array(row), list, url.host) as Record<string, unknown>[];
    return rows.map((r) => ({ username: r[usernameField] as string, cents: r[wageredField] as bigint }));
  }
}
