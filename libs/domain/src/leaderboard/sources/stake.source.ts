import { toCents, isAmount } from '../decimal-amount';
import { readCsvTable } from '@kickback/platform';
import { httpGet } from './http-fetch';
import { SourceError, num, requireCredentials, str, type LeaderboardSource, type SourceContext, type SourceRow } from './source-adapter';

const MAX_PAGES = 200;

/**
 * Stake: GET /affiliate/leaderboard?timePeriod=customRange&startDate=ms&endDate=ms&limit&offset,
 * header x-access-token → CSV rank,user_name,campaign_code,total_wagered_amount,total_weighted_amount.
 * Pages are read until one comes back shorter than the limit.
 */
export class StakeSource implements LeaderboardSource {
  readonly type = 'stake' as const;

  async fetch(ctx: SourceContext): Promise<SourceRow[]> {
    const token = requireCredentials(ctx, 'Stake access token');
    const limit = num(ctx, 'page_size') ?? 1000;
    const rows: SourceRow[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = new URL('/affiliate/leaderboard', str(ctx, 'base_url') ?? 'https://api.stake.com');
      url.searchParams.set('timePeriod', 'customRange');
      url.searchParams.set('startDate', String(ctx.window.start.getTime()));
      url.searchParams.set('endDate', String(ctx.window.end.getTime()));
      url.searchParams.set('limit', String(limit));
      url.searchParams.set('offset', String(page * limit));
      const answer = await httpGet(ctx, url, { 'x-access-token': token });
      const pageRows = await parseStakeCsv(answer.text);
      rows.push(...pageRows);
      if (pageRows.length < limit) return rows;
    }
    throw new SourceError(`Stake returned more than ${MAX_PAGES} pages`);
  }
}

export async function parseStakeCsv(text: string): Promise<SourceRow[]> {
  let table: string[][];
  try {
    table = await readCsvTable(text);
  } catch (err) {
    throw new SourceError(`Stake sent an unreadable CSV (${(err as Error).message})`);
  }
  if (table.length === 0) return [];
  const header = table[0].map((h) => h.trim().toLowerCase());
  const nameAt = header.indexOf('user_name');
  const wagerAt = header.indexOf('total_wagered_amount');
  if (nameAt < 0 || wagerAt < 0) throw new SourceError('Stake sent an unexpected CSV (no user_name / total_wagered_amount columns)');
  return table.slice(1).map((cells, i) => {
    const username = (cells[nameAt] ?? '').trim();
    const amount = (cells[wagerAt] ?? '').trim();
    if (!username || !isAmount(amount)) throw new SourceError(`Stake sent an unexpected CSV (line ${i + 2}: missing name or amount)`);
    return { username, cents: toCents(amount) };
  });
}
