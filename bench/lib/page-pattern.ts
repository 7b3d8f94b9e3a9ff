import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The compiled bench runs from dist/bench/lib: the fixture stays in the source tree. */
const FIXTURE = join(__dirname, '..', '..', '..', 'bench', 'fixtures', 'page-patterns.json');

export interface ReplayPattern {
  /** GET paths of the page's first load (page and API reads), placeholders filled. */
  firstLoadReads: string[];
  /** GET paths the page makes after its action (refetches), placeholders filled. */
  afterActionReads: string[];
  /** Socket rooms the page joins. */
  rooms: string[];
}

/**
 * One page's recorded pattern (bench/fixtures/page-patterns.json, written by e2e/request-patterns.spec.ts) as the reads a
 * simulated visitor replays. `{id}` is the subject's id (raffle, item) and `{n}` the number recorded in its place
 * (a page number or a room's id); query values the recorder could not keep (`{v}`) are left out.
 */
export function pagePattern(page: string, fill: { id: number; n: number }): ReplayPattern {
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
    pages: Record<string, { firstLoad: string[]; action: { requests: string[] } }>;
  };
  const pattern = fixture.pages[page];
  if (!pattern) throw new Error(`no pattern for page ${page} in ${FIXTURE}`);
  const filled = (text: string) => text.replaceAll('{id}', String(fill.id)).replaceAll('{n}', String(fill.n));
  const reads = (lines: string[]) =>
    lines
      .map((l) => /^(?:page|http) GET (\S+)$/.exec(l)?.[1])
      .filter((p): p is string => !!p)
      .map((p) => filled(p).replace(/[?&][^=&]+=\{v\}/g, ''));
  const rooms = pattern.firstLoad.map((l) => /^socket sent event room:join "(.+)"$/.exec(l)?.[1]).filter((r): r is string => !!r);
  return { firstLoadReads: reads(pattern.firstLoad), afterActionReads: reads(pattern.action.requests), rooms: rooms.map(filled) };
}
