import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { LeaderboardFetchRecord } from '@kickback/contracts';
import type { Cents } from './decimal-amount';
import { textArrayLiteral } from './text-array-literal';

export interface StandingRow {
  username: string;
  wagered: string;
}

/** The two tables of ranked names and amounts, each keyed by its board: a leaderboard period or a race. */
export type StandingsTable = { table: 'leaderboard_standings'; key: 'period_id' } | { table: 'race_standings'; key: 'race_id' };
const PERIOD_STANDINGS: StandingsTable = { table: 'leaderboard_standings', key: 'period_id' };

/**
 * The ranked usernames and amounts as two array parameters bound by the driver: em.execute writes every parameter
 * into the SQL text itself, which for 500,000 players meant escaping and parsing a statement of tens of megabytes
 * (3 of the recompute's 5 seconds); bound, they travel as array values PostgreSQL reads directly. Each array goes
 * as its literal text, built natively where possible (textArrayLiteral). Replaces a board's standings (ranked names
 * and decimal amounts); call inside a transaction.
 */
export async function storeStandings(
  em: EntityManager,
  { table, key }: StandingsTable,
  id: number,
  usernames: string[],
  wagered: string[],
): Promise<void> {
  const tx = em.getTransactionContext<Knex.Transaction>();
  if (!tx) throw new Error(`${table} are written inside a transaction`);
  await tx.raw(
    `insert into ${table} (${key}, usernames, wagered) values (?, ?::varchar(100)[], ?::numeric(18,2)[])
     on conflict (${key}) do update set usernames = excluded.usernames, wagered = excluded.wagered`,
    [id, textArrayLiteral(usernames) ?? usernames, textArrayLiteral(wagered) ?? wagered],
  );
}

/** The first `limit` ranks of a board. */
export function boardStandings(em: EntityManager, { table, key }: StandingsTable, id: number, limit: number): Promise<StandingRow[]> {
  return em.execute<StandingRow[]>(
    `select u.username, u.wagered::text as wagered
       from ${table} s, unnest(s.usernames[1:?], s.wagered[1:?]) with ordinality as u(username, wagered, rank)
      where s.${key} = ? order by u.rank`,
    [limit, limit, id],
  );
}

/** Replaces a period's standings (ranked usernames and amounts as decimal text); call inside a transaction. */
export async function writeStandings(em: EntityManager, periodId: number, usernames: string[], wagered: string[]): Promise<void> {
  await storeStandings(em, PERIOD_STANDINGS, periodId, usernames, wagered);
  await em.execute('update leaderboard_periods set entry_count = ?, last_fetched_at = now() where id = ?', [usernames.length, periodId]);
}

/** The first `limit` ranks of a period. */
export function loadStandings(em: EntityManager, periodId: number, limit: number): Promise<StandingRow[]> {
  return boardStandings(em, PERIOD_STANDINGS, periodId, limit);
}

/**
 * The first `limit` ranks without the casino names of members on a break (linked in Settings): they are left
 * unranked, and everyone below moves up.
 */
export async function rankedStandings(em: EntityManager, periodId: number, limit: number, onBreak: string[]): Promise<StandingRow[]> {
  if (!onBreak.length) return loadStandings(em, periodId, limit);
  const hidden = new Set(onBreak);
  const rows = await loadStandings(em, periodId, limit + hidden.size);
  return rows.filter((r) => !hidden.has(r.username.toLowerCase())).slice(0, limit);
}

/** Avatars of members who linked one of these casino usernames in Settings (matched case-insensitively). */
export async function linkedAvatars(em: EntityManager, usernames: string[]): Promise<Map<string, string>> {
  if (usernames.length === 0) return new Map();
  const rows = await em.execute<{ name: string; avatar_url: string }[]>(
    `select distinct on (lower(c.name)) lower(c.name) as name, u.avatar_url
       from users u cross join lateral unnest(array[u.crypto, u.crypto2, u.crypto3]) as c(name)
      where u.avatar_url is not null and lower(c.name) in (select lower(x) from jsonb_array_elements_text(?::jsonb) as x)
      order by lower(c.name), u.id`,
    [JSON.stringify(usernames)],
  );
  return new Map(rows.map((r) => [r.name, r.avatar_url]));
}

/**
 * The CSV-imported totals of a period, in cents. Read as one row of two aggregated texts: 500,000 result rows
 * took ~0.5 s to decode and map. The two aggregates take the rows in the same order (PostgreSQL feeds each row to
 * every aggregate of the query in turn), so the i-th name and the i-th amount are one entry.
 */
export async function manualEntries(em: EntityManager, periodId: number): Promise<{ username: string; cents: Cents }[]> {
  const [{ usernames, cents }] = await em.execute<{ usernames: string; cents: string }[]>(
    `select coalesce(json_agg(username), '[]')::text as usernames,
            coalesce(string_agg((wagered * 100)::bigint::text, ','), '') as cents
       from leaderboard_manual_entries where period_id = ?`,
    [periodId],
  );
  const amounts = cents.split(',');
  return (JSON.parse(usernames) as string[]).map((username, i) => {
    const n = Number(amounts[i]);
    return { username, cents: Number.isSafeInteger(n) ? n : BigInt(amounts[i]) };
  });
}

/** Replaces a period's CSV-imported totals (amounts as decimal text); call inside a transaction. */
export async function replaceManualEntries(
  em: EntityManager,
  periodId: number,
  rows: { username: string; wagered: string }[],
): Promise<void> {
  await em.execute('delete from leaderboard_manual_entries where period_id = ?', [periodId]);
  await em.execute(
    `insert into leaderboard_manual_entries (period_id, username, wagered)
     select ?, r.username, r.wagered from jsonb_to_recordset(?::jsonb) as r(username text, wagered numeric)`,
    [periodId, JSON.stringify(rows)],
  );
}

export async function insertFetch(
  em: EntityManager,
  fetch: {
    platformId: number;
    trigger: string;
    startedAt: Date;
    ok: boolean;
    entryCount: number | null;
    error: string | null;
    durationMs: number;
  },
): Promise<void> {
  await em.execute(
    'insert into leaderboard_fetches (platform_id, trigger, started_at, ok, entry_count, error, duration_ms) values (?, ?, ?, ?, ?, ?, ?)',
    [fetch.platformId, fetch.trigger, fetch.startedAt, fetch.ok, fetch.entryCount, fetch.error, fetch.durationMs],
  );
}

export async function fetchHistory(em: EntityManager, platformId: number, limit: number): Promise<LeaderboardFetchRecord[]> {
  const rows = await em.execute<
    {
      id: string;
      trigger: string;
      started_at: Date;
      finished_at: Date;
      ok: boolean;
      entry_count: number | null;
      error: string | null;
      duration_ms: number;
    }[]
  >('select * from leaderboard_fetches where platform_id = ? order by id desc limit ?', [platformId, limit]);
  return rows.map((r) => ({
    id: Number(r.id),
    trigger: r.trigger,
    started_at: new Date(r.started_at).toISOString(),
    finished_at: new Date(r.finished_at).toISOString(),
    ok: r.ok,
    entry_count: r.entry_count,
    error: r.error,
    duration_ms: r.duration_ms,
  }));
}

/** Members who linked one of these casino usernames in Settings (matched case-insensitively), by lowercased name. */
export async function linkedMembers(em: EntityManager, usernames: string[]): Promise<Map<string, number>> {
  if (usernames.length === 0) return new Map();
  const rows = await em.execute<{ name: string; id: number }[]>(
    `select distinct on (lower(c.name)) lower(c.name) as name, u.id
       from users u cross join lateral unnest(array[u.crypto, u.crypto2, u.crypto3]) as c(name)
      where lower(c.name) in (select lower(x) from jsonb_array_elements_text(?::jsonb) as x)
      order by lower(c.name), u.id`,
    [JSON.stringify(usernames)],
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}
