import type { EntityManager } from '@mikro-orm/postgresql';
import type { LeaderboardPeriodSummary } from '@kickback/contracts';

export interface PeriodRecord {
  id: number;
  platformId: number;
  start: Date;
  end: Date;
  status: 'current' | 'archived';
  entryCount: number;
  lastFetchedAt: Date | null;
  /** Snapshot taken at archive time; null while the period is current. */
  prizes: number[] | null;
}

interface PeriodRow {
  id: string;
  platform_id: number;
  starts_at: Date;
  ends_at: Date;
  status: 'current' | 'archived';
  entry_count: number;
  last_fetched_at: Date | null;
  prizes: (number | string)[] | null;
}

const toRecord = (r: PeriodRow): PeriodRecord => ({
  id: Number(r.id),
  platformId: r.platform_id,
  start: new Date(r.starts_at),
  end: new Date(r.ends_at),
  status: r.status,
  entryCount: r.entry_count,
  lastFetchedAt: r.last_fetched_at ? new Date(r.last_fetched_at) : null,
  prizes: r.prizes ? r.prizes.map(Number) : null,
});

export async function currentPeriod(em: EntityManager, platformId: number): Promise<PeriodRecord | null> {
  const rows = await em.execute<PeriodRow[]>(`select * from leaderboard_periods where platform_id = ? and status = 'current'`, [
    platformId,
  ]);
  return rows.length ? toRecord(rows[0]) : null;
}

export async function findPeriod(em: EntityManager, platformId: number, id: number): Promise<PeriodRecord | null> {
  const rows = await em.execute<PeriodRow[]>('select * from leaderboard_periods where platform_id = ? and id = ?', [platformId, id]);
  return rows.length ? toRecord(rows[0]) : null;
}

export async function listPeriods(em: EntityManager, platformId: number, limit = 60): Promise<PeriodRecord[]> {
  const rows = await em.execute<PeriodRow[]>(
    'select * from leaderboard_periods where platform_id = ? order by starts_at desc, id desc limit ?',
    [platformId, limit],
  );
  return rows.map(toRecord);
}

export const toPeriodSummary = (p: PeriodRecord): LeaderboardPeriodSummary => ({
  id: p.id,
  start: p.start.toISOString(),
  end: p.end.toISOString(),
  endTimestamp: p.end.getTime(),
  status: p.status,
  entry_count: p.entryCount,
  last_updated: p.lastFetchedAt?.toISOString() ?? null,
});

/** Archives the current period with the prizes it was run for (a no-op if a concurrent rollover did it). */
export async function archivePeriod(em: EntityManager, periodId: number, prizes: unknown): Promise<void> {
  await em.execute(
    `update leaderboard_periods set status = 'archived', archived_at = now(), prizes = ?::jsonb where id = ? and status = 'current'`,
    [JSON.stringify(prizes), periodId],
  );
}

/** Opens the window as the current period; a window that existed already (an admin switched back) is reopened. */
export async function openPeriod(em: EntityManager, platformId: number, start: Date, end: Date): Promise<void> {
  await em.execute(
    `insert into leaderboard_periods (platform_id, starts_at, ends_at, status) values (?, ?, ?, 'current')
     on conflict (platform_id, starts_at, ends_at) do update set status = 'current', archived_at = null, prizes = null`,
    [platformId, start, end],
  );
}
