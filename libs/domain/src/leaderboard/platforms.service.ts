import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminPlatform, LeaderboardFetchRecord, PlatformInput, PlatformUpdate, TestConnectionResult } from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, notFound } from '@kickback/platform';
import { FeaturedLeaderboardService } from './featured-leaderboard.service';
import { LeaderboardCacheService } from './leaderboard-cache.service';
import { LeaderboardRefreshService } from './leaderboard-refresh.service';
import { currentPeriod } from './leaderboard-periods.repository';
import { periodWindow } from './period-window';
import {
  credentialsState,
  deletePlatform,
  findPlatform,
  insertPlatform,
  listPlatforms,
  platformSettings,
  platformStatuses,
  slugTaken,
  toAdminPlatform,
  updatePlatform,
  type PlatformRecord,
  type PlatformStatusRow,
} from './leaderboard-platforms.repository';
import { fetchHistory } from './leaderboard-standings.repository';
import { validatePlatform, type ResolvedPlatformInput } from './platform-input';
import { SecretsCipher } from './secrets-cipher';
import { SourceError } from './sources/source-adapter';

/** Admin management of leaderboard platforms. Secrets are sealed before they reach SQL and never read back out. */
@Injectable()
export class PlatformsService {
  constructor(
    private readonly em: EntityManager,
    private readonly cipher: SecretsCipher,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly cache: LeaderboardCacheService,
    private readonly refresher: LeaderboardRefreshService,
    private readonly featured: FeaturedLeaderboardService,
  ) {}

  async list(): Promise<AdminPlatform[]> {
    const em = this.em.fork();
    const platforms = await listPlatforms(em, false);
    const status = await this.statuses(em);
    return platforms.map((p) => this.toAdmin(p, status));
  }

  async get(id: number): Promise<AdminPlatform> {
    const em = this.em.fork();
    return this.toAdmin(await this.require(em, id), await this.statuses(em, id));
  }

  async create(actorId: number, input: PlatformInput): Promise<AdminPlatform> {
    const config = validatePlatform(input, Boolean(input.credentials));
    const id = await this.write(actorId, 'leaderboard.platform.create', async (tx) => {
      const id = await insertPlatform(tx, this.columns(input, config), input.credentials ? this.cipher.seal(input.credentials) : null);
      if (!id) throw conflict('A platform with this slug already exists.');
      const after = await findPlatform(tx, id);
      return { id, before: null, after: after && this.safe(after) };
    });
    await this.cache.publish([id]);
    await this.featured.announce();
    return this.get(id);
  }

  async update(actorId: number, id: number, changes: PlatformUpdate): Promise<AdminPlatform> {
    let oldSlug = '';
    let newSlug = '';
    await this.write(actorId, 'leaderboard.platform.update', async (tx) => {
      const before = await this.require(tx, id, true);
      const merged: ResolvedPlatformInput = {
        ...platformSettings(before),
        ...stripUndefined(changes),
        source_config: changes.source_config ?? before.sourceConfig,
      };
      if (changes.source_type && changes.source_type !== before.sourceType && changes.source_config === undefined)
        merged.source_config = {};
      const sealed =
        changes.credentials === undefined ? before.credentialsSealed : changes.credentials ? this.cipher.seal(changes.credentials) : null;
      const config = validatePlatform(merged, Boolean(sealed));
      const cols = this.columns(merged, config);
      if (await slugTaken(tx, merged.slug, id)) throw conflict('A platform with this slug already exists.');
      await updatePlatform(tx, id, cols, sealed);
      oldSlug = before.slug;
      newSlug = merged.slug;
      const after = await findPlatform(tx, id);
      return { id, before: this.safe(before), after: after && this.safe(after) };
    });
    if (oldSlug !== newSlug) await this.cache.forgetBoard(oldSlug);
    await this.cache.publish([id]);
    await this.featured.announce();
    return this.get(id);
  }

  async remove(actorId: number, id: number): Promise<void> {
    let slug = '';
    await this.write(actorId, 'leaderboard.platform.delete', async (tx) => {
      const before = await this.require(tx, id, true);
      slug = before.slug;
      await deletePlatform(tx, id);
      return { id, before: this.safe(before), after: null };
    });
    await this.cache.forgetBoard(slug);
    await this.cache.publish([]);
    await this.featured.announce();
  }

  async fetchHistory(id: number, limit = 50): Promise<LeaderboardFetchRecord[]> {
    const em = this.em.fork();
    await this.require(em, id);
    return fetchHistory(em, id, limit);
  }

  /** Fetches the current window with the stored settings; stores nothing but a history line. */
  async testConnection(id: number): Promise<TestConnectionResult> {
    const em = this.em.fork();
    const platform = await this.require(em, id);
    const period = await currentPeriod(em, id);
    const started = Date.now();
    try {
      const ranked = await this.refresher.probe(platform, periodWindow(platform, new Date()), period?.id ?? null);
      await this.refresher.recordFetch(id, 'test', started, true, ranked.length, null);
      return {
        ok: true,
        entry_count: ranked.length,
        sample: ranked.slice(0, 5).map((r) => ({ username: r.username, wagered: r.wagered })),
        error: null,
        duration_ms: Date.now() - started,
      };
    } catch (err) {
      const error = err instanceof SourceError ? err.message : 'The source failed unexpectedly; see the server log.';
      await this.refresher.recordFetch(id, 'test', started, false, null, error);
      return { ok: false, entry_count: 0, sample: [], error, duration_ms: Date.now() - started };
    }
  }

  async require(em: EntityManager, id: number, lock = false): Promise<PlatformRecord> {
    const platform = await findPlatform(em, id, lock);
    if (!platform) throw notFound('Platform not found.');
    return platform;
  }

  /** One platform's audited change; the outbox tells the worker to reschedule its fetches. Answers the platform's id. */
  private async write(
    actorId: number,
    action: string,
    work: (tx: EntityManager) => Promise<{ id: number; before: unknown; after: unknown }>,
  ): Promise<number> {
    return this.audit.audited({ actorId, action, entity: 'leaderboard_platform' }, async (tx) => {
      const r = await work(tx);
      await this.outbox.add(tx, 'leaderboard.platforms-changed', { at: new Date().toISOString(), platformId: r.id });
      return { entityId: r.id, before: r.before, after: r.after, answer: r.id };
    });
  }

  /** Column values in the order both statements use (credentials handled by the caller). */
  private columns(input: ResolvedPlatformInput, config: Record<string, unknown>): unknown[] {
    const custom = input.period_type === 'custom';
    return [
      input.name,
      input.slug,
      input.currency_symbol,
      input.source_type,
      JSON.stringify(config),
      input.period_type,
      custom ? input.custom_start : null,
      custom ? input.custom_end : null,
      JSON.stringify(input.prizes),
      input.mask_usernames,
      JSON.stringify(input.excluded_usernames),
      input.is_active,
      input.display_order,
      input.refresh_interval_seconds,
      input.display_count,
      input.countries.mode,
      // Two capital letters each (the contract's rule), so the array literal needs no quoting.
      `{${input.countries.countries.join(',')}}`,
    ];
  }

  /** What the audit log may keep: everything but the sealed secret. */
  private safe(p: PlatformRecord): Record<string, unknown> {
    return { ...platformSettings(p), credentials: credentialsState(p) };
  }

  private async statuses(em: EntityManager, id?: number): Promise<Map<number, PlatformStatusRow>> {
    const rows = await platformStatuses(em, id);
    return new Map(rows.map((r) => [r.platform_id, r]));
  }

  private toAdmin(p: PlatformRecord, status: Map<number, PlatformStatusRow>): AdminPlatform {
    const s = status.get(p.id);
    return toAdminPlatform(p, { lastUpdated: s?.last_updated ? new Date(s.last_updated) : null, lastError: s?.last_error ?? null });
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([k, v]) => v !== undefined && k !== 'credentials')) as Partial<T>;
}
