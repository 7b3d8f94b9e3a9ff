import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminPlatform, CountryRule, CountryRuleMode, LeaderboardPeriodType, LeaderboardSourceType } from '@kickback/contracts';
import type { PeriodSettings } from './period-window';
import type { ResolvedPlatformInput } from './platform-input';

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
  /** Where the board is shown (docs/responsible-gambling.md). */
  countries: CountryRule;
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
  country_mode: CountryRuleMode;
  countries: string[];
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
  countries: { mode: r.country_mode, countries: r.countries ?? [] },
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

/** The platform's settings as the admin writes them (the sealed secret left out). */
export function platformSettings(p: PlatformRecord): ResolvedPlatformInput {
  return {
    name: p.name,
    slug: p.slug,
    currency_symbol: p.currencySymbol,
    source_type: p.sourceType,
    source_config: p.sourceConfig,
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
    countries: p.countries,
  };
}

/** Only whether a secret is stored: the admin's view and the audit log never carry the secret itself. */
export const credentialsState = (p: PlatformRecord): AdminPlatform['credentials'] => (p.credentialsSealed ? 'set' : 'not set');

export function toAdminPlatform(p: PlatformRecord, status: { lastUpdated: Date | null; lastError: string | null }): AdminPlatform {
  return {
    id: p.id,
    ...platformSettings(p),
    credentials: credentialsState(p),
    last_updated: status.lastUpdated?.toISOString() ?? null,
    last_error: status.lastError,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** The platform columns in the order insertPlatform and updatePlatform bind them (PlatformsService.columns builds it). */
export type PlatformColumns = unknown[];

/** Null when the slug is taken (a concurrent create, or an existing platform). */
export async function insertPlatform(
  em: EntityManager,
  columns: PlatformColumns,
  sealedCredentials: string | null,
): Promise<number | null> {
  const rows = await em.execute<{ id: number }[]>(
    `insert into leaderboard_platforms (name, slug, currency_symbol, source_type, source_config, period_type, custom_start, custom_end,
       prizes, mask_usernames, excluded_usernames, is_active, display_order, refresh_interval_seconds, display_count, country_mode, countries,
       credentials_enc)
     values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?, ?, ?, ?, ?, ?::text[], ?) on conflict (slug) do nothing returning id`,
    [...columns, sealedCredentials],
  );
  return rows[0]?.id ?? null;
}

export async function slugTaken(em: EntityManager, slug: string, exceptId: number): Promise<boolean> {
  return (await em.execute('select 1 from leaderboard_platforms where slug = ? and id <> ?', [slug, exceptId])).length > 0;
}

export async function updatePlatform(
  em: EntityManager,
  id: number,
  columns: PlatformColumns,
  sealedCredentials: string | null,
): Promise<void> {
  await em.execute(
    `update leaderboard_platforms set name = ?, slug = ?, currency_symbol = ?, source_type = ?, source_config = ?::jsonb, period_type = ?, custom_start = ?,
       custom_end = ?, prizes = ?::jsonb, mask_usernames = ?, excluded_usernames = ?::jsonb, is_active = ?, display_order = ?, refresh_interval_seconds = ?,
       display_count = ?, country_mode = ?, countries = ?::text[], credentials_enc = ?, updated_at = now() where id = ?`,
    [...columns, sealedCredentials, id],
  );
}

export async function deletePlatform(em: EntityManager, id: number): Promise<void> {
  await em.execute('delete from leaderboard_platforms where id = ?', [id]);
}

export interface PlatformStatusRow {
  platform_id: number;
  last_updated: Date | null;
  last_error: string | null;
}

/** When each platform's board last refreshed, and the last refresh error (tests excluded). */
export function platformStatuses(em: EntityManager, id?: number): Promise<PlatformStatusRow[]> {
  return em.execute<PlatformStatusRow[]>(
    `select p.id as platform_id,
            (select last_fetched_at from leaderboard_periods where platform_id = p.id and status = 'current') as last_updated,
            (select case when f.ok then null else f.error end from leaderboard_fetches f where f.platform_id = p.id and f.trigger <> 'test' order by f.id desc limit 1) as last_error
       from leaderboard_platforms p ${id ? 'where p.id = ?' : ''}`,
    id ? [id] : [],
  );
}

/** Every stored credential, locked for a key rotation. */
export function lockSealedCredentials(em: EntityManager): Promise<{ id: number; credentials_enc: string }[]> {
  return em.execute('select id, credentials_enc from leaderboard_platforms where credentials_enc is not null order by id for update');
}

export async function setSealedCredentials(em: EntityManager, id: number, sealed: string): Promise<void> {
  await em.execute('update leaderboard_platforms set credentials_enc = ? where id = ?', [sealed, id]);
}
