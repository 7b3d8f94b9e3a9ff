import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { RacePrize, RaceStatus } from '@kickback/contracts';
import { boardStandings, storeStandings, type StandingRow, type StandingsTable } from '../leaderboard-standings.repository';
import { textArrayLiteral } from '../text-array-literal';

/** A races row as the services use it. */
export interface RaceRecord {
  id: number;
  platformId: number;
  title: string;
  start: Date;
  end: Date;
  prizes: RacePrize[];
  /** Decimal text with 2 decimals. */
  minWager: string;
  rules: string;
  isVisible: boolean;
  status: RaceStatus;
  entryCount: number;
  lastFetchedAt: Date | null;
  lastError: string | null;
  finishedAt: Date | null;
}

interface RaceRow {
  id: number;
  platform_id: number;
  title: string;
  starts_at: Date;
  ends_at: Date;
  prizes: RacePrize[];
  min_wager: string;
  rules: string;
  is_visible: boolean;
  status: RaceStatus;
  entry_count: number;
  last_fetched_at: Date | null;
  last_error: string | null;
  finished_at: Date | null;
}

const toRecord = (r: RaceRow): RaceRecord => ({
  id: r.id,
  platformId: r.platform_id,
  title: r.title,
  start: new Date(r.starts_at),
  end: new Date(r.ends_at),
  prizes: (r.prizes ?? []).map((p) => ('text' in p ? { text: p.text } : { amount: Number(p.amount), currency: p.currency })),
  minWager: r.min_wager,
  rules: r.rules,
  isVisible: r.is_visible,
  status: r.status,
  entryCount: r.entry_count,
  lastFetchedAt: r.last_fetched_at ? new Date(r.last_fetched_at) : null,
  lastError: r.last_error,
  finishedAt: r.finished_at ? new Date(r.finished_at) : null,
});

const SELECT =
  'select id, platform_id, title, starts_at, ends_at, prizes, min_wager::text as min_wager, rules, is_visible, status, entry_count, last_fetched_at, last_error, finished_at from races';

/** The columns an admin sets, in the order insertRace and updateRace bind them. */
export interface RaceColumns {
  platformId: number;
  title: string;
  start: Date;
  end: Date;
  prizes: RacePrize[];
  minWager: number;
  rules: string;
  isVisible: boolean;
}

export async function findRace(em: EntityManager, id: number, lock = false): Promise<RaceRecord | null> {
  const rows = await em.execute<RaceRow[]>(`${SELECT} where id = ?${lock ? ' for update' : ''}`, [id]);
  return rows.length ? toRecord(rows[0]) : null;
}

/** Every race, newest start first (the admin's list). */
export async function listRaces(em: EntityManager): Promise<RaceRecord[]> {
  return (await em.execute<RaceRow[]>(`${SELECT} order by starts_at desc, id desc`)).map(toRecord);
}

/** The races the site shows: visible, not cancelled; finished ones newest first, at most `finishedLimit`. */
export async function listVisibleRaces(em: EntityManager, finishedLimit: number): Promise<RaceRecord[]> {
  const rows = await em.execute<RaceRow[]>(
    `(${SELECT} where is_visible and status in ('upcoming', 'live') order by starts_at, id)
     union all
     (${SELECT} where is_visible and status = 'finished' order by ends_at desc, id desc limit ?)`,
    [finishedLimit],
  );
  return rows.map(toRecord);
}

/** Races that are not over: the worker keeps one job scheduler for each. */
export async function openRaces(em: EntityManager): Promise<RaceRecord[]> {
  return (await em.execute<RaceRow[]>(`${SELECT} where status in ('upcoming', 'live') order by id`)).map(toRecord);
}

export async function insertRace(em: EntityManager, c: RaceColumns): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    `insert into races (platform_id, title, starts_at, ends_at, prizes, min_wager, rules, is_visible)
     values (?, ?, ?, ?, ?::jsonb, ?, ?, ?) returning id`,
    [c.platformId, c.title, c.start, c.end, JSON.stringify(c.prizes), c.minWager, c.rules, c.isVisible],
  );
  return row.id;
}

export async function updateRace(em: EntityManager, id: number, c: RaceColumns): Promise<void> {
  await em.execute(
    `update races set platform_id = ?, title = ?, starts_at = ?, ends_at = ?, prizes = ?::jsonb, min_wager = ?, rules = ?,
       is_visible = ?, updated_at = now() where id = ?`,
    [c.platformId, c.title, c.start, c.end, JSON.stringify(c.prizes), c.minWager, c.rules, c.isVisible, id],
  );
}

export async function deleteRace(em: EntityManager, id: number): Promise<void> {
  await em.execute('delete from races where id = ?', [id]);
}

/**
 * Moves the race from one of `from` to `to`; false when another move got there first (so of two end jobs, or an end
 * job and an admin's cancel, exactly one goes on).
 */
export async function moveRace(em: EntityManager, id: number, from: RaceStatus[], to: RaceStatus): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `update races set status = ?, finished_at = case when ? = 'finished' then now() else finished_at end, updated_at = now()
      where id = ? and status in (select unnest(?::text[])) returning id`,
    [to, to, id, `{${from.join(',')}}`],
  );
  return rows.length > 0;
}

/** A failed fetch: the last good standings stay, the error is shown to admins. */
export async function recordRaceError(em: EntityManager, id: number, error: string): Promise<void> {
  await em.execute('update races set last_error = ? where id = ?', [error.slice(0, 1000), id]);
}

const RACE_STANDINGS: StandingsTable = { table: 'race_standings', key: 'race_id' };

/** Replaces a race's standings (ranked names and decimal amounts) and marks the fetch good; call inside a transaction. */
export async function writeRaceStandings(em: EntityManager, raceId: number, usernames: string[], wagered: string[]): Promise<void> {
  await storeStandings(em, RACE_STANDINGS, raceId, usernames, wagered);
  await em.execute('update races set entry_count = ?, last_fetched_at = now(), last_error = null where id = ?', [usernames.length, raceId]);
}

/** The first `limit` ranks of a race. */
export function loadRaceStandings(em: EntityManager, raceId: number, limit: number): Promise<StandingRow[]> {
  return boardStandings(em, RACE_STANDINGS, raceId, limit);
}

/** The best place among these names (compared case-insensitively), if any is placed. */
export async function placeOf(em: EntityManager, raceId: number, names: string[]): Promise<(StandingRow & { rank: number }) | null> {
  if (names.length === 0) return null;
  const rows = await em.execute<(StandingRow & { rank: string })[]>(
    `select u.username, u.wagered::text as wagered, u.rank::text as rank
       from race_standings s, unnest(s.usernames, s.wagered) with ordinality as u(username, wagered, rank)
      where s.race_id = ? and lower(u.username) in (select lower(x) from jsonb_array_elements_text(?::jsonb) as x)
      order by u.rank limit 1`,
    [raceId, JSON.stringify(names)],
  );
  return rows.length ? { username: rows[0].username, wagered: rows[0].wagered, rank: Number(rows[0].rank) } : null;
}

export interface RaceSnapshot {
  usernames: string[];
  wagered: string[];
  takenAt: Date;
  late: boolean;
}

/** Stores the start snapshot unless one exists (the first one taken stands); true when this call stored it. */
export async function insertSnapshot(em: EntityManager, raceId: number, snapshot: RaceSnapshot): Promise<boolean> {
  const tx = em.getTransactionContext<Knex.Transaction>();
  if (!tx) throw new Error('insertSnapshot runs inside a transaction');
  const result = await tx.raw<{ rowCount: number }>(
    `insert into race_snapshots (race_id, usernames, wagered, taken_at, late)
     values (?, ?::varchar(100)[], ?::numeric(18,2)[], ?, ?) on conflict (race_id) do nothing`,
    [
      raceId,
      textArrayLiteral(snapshot.usernames) ?? snapshot.usernames,
      textArrayLiteral(snapshot.wagered) ?? snapshot.wagered,
      snapshot.takenAt,
      snapshot.late,
    ],
  );
  return result.rowCount > 0;
}

export async function findSnapshot(em: EntityManager, raceId: number): Promise<RaceSnapshot | null> {
  const rows = await em.execute<{ usernames: string[]; wagered: string[]; taken_at: Date; late: boolean }[]>(
    'select usernames, wagered::text[] as wagered, taken_at, late from race_snapshots where race_id = ?',
    [raceId],
  );
  if (!rows.length) return null;
  const r = rows[0];
  return { usernames: r.usernames, wagered: r.wagered, takenAt: new Date(r.taken_at), late: r.late };
}

/** When the snapshot was taken and whether late, without reading its arrays (the public page). */
export async function snapshotInfo(em: EntityManager, raceId: number): Promise<{ takenAt: Date; late: boolean } | null> {
  const rows = await em.execute<{ taken_at: Date; late: boolean }[]>('select taken_at, late from race_snapshots where race_id = ?', [
    raceId,
  ]);
  return rows.length ? { takenAt: new Date(rows[0].taken_at), late: rows[0].late } : null;
}

/** The casino usernames a member linked in Settings (the names their own place is looked up by). */
export async function linkedCasinoNames(em: EntityManager, userId: number): Promise<string[]> {
  const [row] = await em.execute<{ names: string[] }[]>(
    `select array_remove(array[nullif(trim(crypto), ''), nullif(trim(crypto2), ''), nullif(trim(crypto3), '')], null) as names
       from users where id = ?`,
    [userId],
  );
  return row?.names ?? [];
}
