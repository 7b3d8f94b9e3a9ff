import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { AppConfig, InjectRedis, withRedisLock } from '@kickback/platform';
import { LEADERBOARD_CACHE_KEYS } from './leaderboard-cache-keys';
import { LeaderboardCacheService } from './leaderboard-cache.service';
import { archivePeriod, currentPeriod, openPeriod, type PeriodRecord } from './leaderboard-periods.repository';
import { insertFetch, manualEntries, writeStandings } from './leaderboard-standings.repository';
import { periodWindow, sameWindow, type PeriodWindow } from './period-window';
import { findPlatform, type PlatformRecord } from './leaderboard-platforms.repository';
import { rankWagers, type RankedWager } from './ranking';
import { SecretsCipher } from './secrets-cipher';
import { WinnersService } from '../winners/winners.service';
import { recordPeriodWinners } from './period-prize-winners';
import { SourceError, type SourceContext } from './sources/source-adapter';
import { sourceFor } from './sources/source-registry';
import { MemberBreaksService } from '../safety/member-breaks.service';

export type RefreshTrigger = 'schedule' | 'manual' | 'import' | 'final' | 'test';

export interface RefreshOutcome {
  status: 'updated' | 'failed' | 'busy' | 'skipped';
  /** Periods archived by this run (rollover). */
  archived: number[];
  error?: string;
}

const REFRESH_LOCK_MS = 5 * 60_000;

/**
 * One refresh of one platform: roll the period over if it has ended (a last fetch of the
 * finished window, then archive it and record its prizes in the winners ledger, which opens their payouts), fetch the current window from the source, rank, store the
 * standings, record the fetch, rebuild the caches and push 'leaderboard:updated'. A failed
 * fetch changes nothing but the fetch history: the last good standings keep being served.
 */
@Injectable()
export class LeaderboardRefreshService {
  private readonly logger = new Logger(LeaderboardRefreshService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly cipher: SecretsCipher,
    private readonly cache: LeaderboardCacheService,
    private readonly config: AppConfig,
    private readonly winners: WinnersService,
    private readonly breaks: MemberBreaksService,
  ) {}

  async refresh(platformId: number, trigger: RefreshTrigger = 'schedule', now = new Date()): Promise<RefreshOutcome> {
    const locked = await withRedisLock(
      this.redis,
      LEADERBOARD_CACHE_KEYS.refreshLock(platformId),
      REFRESH_LOCK_MS,
      async (): Promise<RefreshOutcome> => {
        const platform = await findPlatform(this.em.fork(), platformId);
        if (!platform || !platform.isActive) return { status: 'skipped', archived: [] };
        const { period, archived } = await this.rollover(platform, now);
        const result = await this.fetchAndStore(platform, period, trigger);
        await this.cache.publish([platform.id]);
        return { status: result.ok ? 'updated' : 'failed', archived, error: result.error };
      },
    );
    return locked.ran ? locked.value : { status: 'busy', archived: [] };
  }

  /**
   * Makes sure the platform's current period is the window containing `now`. A finished
   * period gets one last fetch (its final totals), then is archived in the same transaction
   * that opens the new one; the partial unique index allows only one current period.
   */
  async rollover(platform: PlatformRecord, now: Date): Promise<{ period: PeriodRecord; archived: number[] }> {
    const window = periodWindow(platform, now);
    const existing = await currentPeriod(this.em.fork(), platform.id);
    const archived: number[] = [];
    if (existing && sameWindow(existing, window)) return { period: existing, archived };
    if (existing) {
      await this.fetchAndStore(platform, existing, 'final');
      archived.push(existing.id);
    }
    await this.em.fork().transactional(async (tx) => {
      if (existing) {
        await archivePeriod(tx, existing.id, platform.prizes);
        await recordPeriodWinners(tx, this.winners, {
          periodId: existing.id,
          platform,
          startsAt: existing.start,
          prizes: platform.prizes,
          onBreak: await this.breaks.linkedNamesOnBreak(),
        });
      }
      await openPeriod(tx, platform.id, window.start, window.end);
    });
    const period = await currentPeriod(this.em.fork(), platform.id);
    if (!period) throw new Error(`no current period for platform ${platform.id} after rollover`);
    return { period, archived };
  }

  /** Runs the platform's source for a window without storing anything (admin "test connection"). */
  async probe(platform: PlatformRecord, window: PeriodWindow, periodId: number | null): Promise<RankedWager[]> {
    const rows = await sourceFor(platform.sourceType).fetch(this.context(platform, window, periodId));
    return rankWagers(rows, platform.excludedUsernames);
  }

  async recordFetch(
    platformId: number,
    trigger: RefreshTrigger,
    started: number,
    ok: boolean,
    entryCount: number | null,
    error: string | null,
  ): Promise<void> {
    await insertFetch(this.em.fork(), {
      platformId,
      trigger,
      startedAt: new Date(started),
      ok,
      entryCount,
      error: error ? error.slice(0, 1000) : null,
      durationMs: Date.now() - started,
    });
  }

  private async fetchAndStore(
    platform: PlatformRecord,
    period: PeriodRecord,
    trigger: RefreshTrigger,
  ): Promise<{ ok: boolean; error?: string }> {
    const started = Date.now();
    let ranked: RankedWager[];
    try {
      ranked = await this.probe(platform, period, period.id);
    } catch (err) {
      const error = describeFailure(err);
      if (!(err instanceof SourceError))
        this.logger.error({ platformId: platform.id, err: (err as Error).message }, 'leaderboard source crashed');
      await this.recordFetch(platform.id, trigger, started, false, null, error);
      return { ok: false, error };
    }
    await storeStandings(this.em.fork(), period.id, ranked);
    await this.recordFetch(platform.id, trigger, started, true, ranked.length, null);
    return { ok: true };
  }

  private context(platform: PlatformRecord, window: PeriodWindow, periodId: number | null): SourceContext {
    return {
      window,
      config: platform.sourceConfig,
      credentials: platform.credentialsSealed ? this.cipher.open(platform.credentialsSealed) : null,
      allowPrivateHosts: this.config.env.LEADERBOARD_ALLOW_PRIVATE_HOSTS,
      maxAnswerBytes: this.config.env.LEADERBOARD_SOURCE_MAX_BYTES,
      loadManualRows: async () => {
        if (periodId === null) return [];
        return manualEntries(this.em.fork(), periodId);
      },
    };
  }
}

/** Replaces a period's standings in one transaction, so readers see the old or the new ranking, never half. */
export async function storeStandings(em: EntityManager, periodId: number, ranked: RankedWager[]): Promise<void> {
  await em.transactional(async (tx) => {
    await writeStandings(
      tx,
      periodId,
      ranked.map((r) => r.username),
      ranked.map((r) => r.wagered),
    );
  });
}

function describeFailure(err: unknown): string {
  if (err instanceof SourceError) return err.message;
  return 'The source failed unexpectedly; see the worker log.';
}
