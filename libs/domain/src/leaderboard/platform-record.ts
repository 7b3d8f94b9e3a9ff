import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminPlatform, LeaderboardPeriodType, LeaderboardSourceType } from '@kickback/contracts';
import type { PeriodSettings } from './period-window';

/** A leaderboard_platforms row as the services use it (the secret stays sealed here). */
export interface PlatformRecord extends PeriodSettings {
  id: number;
  name: string;
  slug: string;
  currencySymbol: string;
  sourceType: LeaderboardSourceType;
  sourceConfig: Record<string, unknown>;
  credentialsSealed: string | null;
  periodType: LeaderboardPeriodType;
  prizes: number[];
  maskUsernames: boolean;
  excludedUsernames: string[];
  isActive: boolean;
  displayOrder: number;
  refreshIntervalSeconds: number;
  displayCount: number;
  createdAt: Date;
  updatedAt: Date;
}

interface PlatformRow {
  id: number;
  name: string;
  slug: string;
  currency_symbol: string;
  source_type: LeaderboardSourceType;
  source_config: Record<string, unknown>;
  credentials_enc: string | null;
  period_type: LeaderboardPeriodType;
  custom_start: Date | null;
  custom_end: Date | null;
  prizes: (number | string)[];
  mask_usernames: boolean;
  excluded_usernames: string[];
  is_active: boolean;
  display_order: number;
  refresh_interval_seconds: number;
  display_count: number;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (r: PlatformRow): PlatformRecord => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  currencySymbol: r.currency_symbol,
  sourceType: r.source_type,
  sourceConfig: r.source_config ?? {},
  credentialsSealed: r.credentials_enc,
  periodType: r.period_type,
  customStart: r.custom_start ? new Date(r.custom_start) : null,
  customEnd: r.custom_end ? new Date(r.custom_end) : null,
  prizes: (r.prizes ?? []).map(Number),
  maskUsernames: r.mask_usernames,
  excludedUsernames: r.excluded_usernames ?? [],
  isActive: r.is_active,
  displayOrder: r.display_order,
  refreshIntervalSeconds: r.refresh_interval_seconds,
  displayCount: r.display_count,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export async function findPlatform(em: EntityManager, id: number, lock = false): Promise<PlatformRecord | null> {
  const rows = await em.execute<PlatformRow[]>(`select * from leaderboard_platforms where id = ?${lock ? ' for update' : ''}`, [id]);
  return rows.length ? toRecord(rows[0]) : null;
}

export async function findPlatformBySlug(em: EntityManager, slug: string): Promise<PlatformRecord | null> {
  const rows = await em.execute<PlatformRow[]>('select * from leaderboard_platforms where slug = ?', [slug]);
  return rows.length ? toRecord(rows[0]) : null;
}

/** Public order: display_order, then id. */
export async function listPlatforms(em: EntityManager, activeOnly: boolean): Promise<PlatformRecord[]> {
  const rows = await em.execute<PlatformRow[]>(
    `select * from leaderboard_platforms ${activeOnly ? 'where is_active' : ''} order by display_order asc, id asc`,
  );
  return rows.map(toRecord);
}

export function toAdminPlatform(p: PlatformRecord, status: { lastUpdated: Date | null; lastError: string | null }): AdminPlatform {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    currency_symbol: p.currencySymbol,
    source_type: p.sourceType,
    source_config: p.sourceConfig,
    credentials: p.credentialsSealed ? 'set' : 'not set',
    period_type: p.periodType,
    custom_start: p.customStart?.toISOString() ?? null,
    custom_end: p.customEnd?.toISOString() ?? null,
    prizes: p.prizes,
    mask_usernames: p.maskUsernames,
    excluded_usernames: p.excludedUsernames,
    is_active: p.isActive,
    display_order: p.displayOrder,
    refresh_interval_seconds: p.refreshIntervalSeconds,
    display_count: p.displayCount,
    last_updated: status.lastUpdated?.toISOString() ?? null,
    last_error: status.lastError,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
