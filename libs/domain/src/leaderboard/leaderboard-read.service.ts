import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import type { LeaderboardPeriodDetail, LeaderboardPeriodList } from '@kickback/contracts';
import { InjectRedis, notFound } from '@kickback/platform';
import { buildBoard } from './board-builder';
import { linkedAvatars, rankedStandings } from './leaderboard-standings.repository';
import { MemberBreaksService } from '../safety/member-breaks.service';
import type { OfferViewer } from '../site/affiliates.service';
import { LEADERBOARD_CACHE_KEYS, PERIOD_CACHE_TTL_SECONDS } from './leaderboard-cache-keys';
import { LeaderboardCacheService, type CachedAnswer } from './leaderboard-cache.service';
import { findPeriod, listPeriods, toPeriodSummary } from './leaderboard-periods.repository';
import { findPlatformBySlug, type PlatformRecord } from './leaderboard-platforms.repository';

/** Public reads: the cached board answer and the browsable periods of an active platform. */
@Injectable()
export class LeaderboardReadService {
  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly cache: LeaderboardCacheService,
    private readonly breaks: MemberBreaksService,
  ) {}

  /** The full GET /api/r/leaderboard body as stored in Redis, with its entity tag (the streamer's tools: read API, overlays). */
  currentAnswer(): Promise<CachedAnswer> {
    return this.cache.apiAnswer();
  }

  /** GET /api/r/leaderboard for one viewer: only the boards that may reach them (none without offers). */
  answerFor(viewer: OfferViewer): Promise<CachedAnswer> {
    return this.cache.answerFor(viewer);
  }

  /** window.__APP__.leaderboard for one viewer, as JSON text. */
  pageFor(viewer: OfferViewer): Promise<string | null> {
    return this.cache.pageFor(viewer);
  }

  async periods(slug: string, viewer: OfferViewer): Promise<LeaderboardPeriodList> {
    const em = this.em.fork();
    const platform = await this.activePlatform(em, slug, viewer);
    const periods = await listPeriods(em, platform.id);
    return { platform: { name: platform.name, slug: platform.slug }, periods: periods.map(toPeriodSummary) };
  }

  async period(slug: string, id: number, viewer: OfferViewer): Promise<LeaderboardPeriodDetail> {
    const em = this.em.fork();
    const platform = await this.activePlatform(em, slug, viewer);
    const period = await findPeriod(em, platform.id, id);
    if (!period) throw notFound('Period not found.');
    const cacheKey = LEADERBOARD_CACHE_KEYS.period(period.id);
    if (period.status === 'archived') {
      const cached = await this.redis.get(cacheKey);
      if (cached) return JSON.parse(cached) as LeaderboardPeriodDetail;
    }
    const standings = await rankedStandings(em, period.id, platform.displayCount, await this.breaks.linkedNamesOnBreak());
    const avatars = await linkedAvatars(
      em,
      standings.map((s) => s.username),
    );
    const detail: LeaderboardPeriodDetail = {
      platform: { name: platform.name, slug: platform.slug },
      period: toPeriodSummary(period),
      board: buildBoard({ ...platform, prizes: period.prizes ?? platform.prizes }, period, standings, avatars, period.lastFetchedAt),
    };
    if (period.status === 'archived') await this.redis.set(cacheKey, JSON.stringify(detail), 'EX', PERIOD_CACHE_TTL_SECONDS);
    return detail;
  }

  /** A board hidden from the viewer (country rule, no offers) is answered as if it did not exist. */
  private async activePlatform(em: EntityManager, slug: string, viewer: OfferViewer): Promise<PlatformRecord> {
    const platform = await findPlatformBySlug(em, slug);
    if (!platform || !platform.isActive || !(await this.cache.shownTo(slug, viewer))) throw notFound('Leaderboard not found.');
    return platform;
  }
}
