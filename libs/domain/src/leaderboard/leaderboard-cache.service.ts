import { createHash } from 'node:crypto';
import { LEADERBOARD_ROOM, countryAllows, type CountryRule } from '@kickback/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { InjectRedis, RealtimeEmitter, releaseIfHolder } from '@kickback/platform';
import { buildBoard } from './board-builder';
import { linkedAvatars, rankedStandings } from './leaderboard-standings.repository';
import { LEADERBOARD_CACHE_KEYS } from './leaderboard-cache-keys';
import { currentPeriod } from './leaderboard-periods.repository';
import { periodWindow } from './period-window';
import { findPlatform, listPlatforms, type PlatformRecord } from './leaderboard-platforms.repository';
import { MemberBreaksService } from '../safety/member-breaks.service';
import type { OfferViewer } from '../site/affiliates.service';

/** How long an api process serves its local copy of the Redis answer. */
export const LOCAL_COPY_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The GET answer with its strong entity tag, hashed once per local copy instead of by Express on every request. */
export interface CachedAnswer {
  json: string;
  etag: string;
}

const answerOf = (json: string): CachedAnswer => ({ json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` });

/** The leaderboard data with no board in it: what a viewer without offers gets (SPEC §3 shape, nothing to show). */
const NO_BOARDS_DATA = '{"platforms":[],"selected_platform":null,"all_leaderboards":{}}';
const NO_BOARDS = answerOf(`{"success":true,"data":${NO_BOARDS_DATA}}`);

/** An active platform as the viewer filter needs it: its name, slug and where it is shown. */
interface ShownPlatform {
  id: number;
  name: string;
  slug: string;
  countries: CountryRule;
}

/**
 * Keeps the Redis copies of the public leaderboard: one JSON board per platform, and the
 * assembled GET answer plus the page-injected object built from them by string concatenation
 * (boards are serialised once, when they change, never per request).
 */
@Injectable()
export class LeaderboardCacheService {
  private memo: (CachedAnswer & { at: number }) | null = null;
  private shown: { at: number; platforms: ShownPlatform[] } | null = null;
  /** Answers for viewers some boards are hidden from, by the slugs they may see, for a second like the full answer. */
  private readonly narrowed = new Map<string, { at: number; data: string; answer: CachedAnswer }>();

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly realtime: RealtimeEmitter,
    private readonly breaks: MemberBreaksService,
  ) {}

  /**
   * The GET answer for one viewer: no board without offers (the age gate, a break); the shared answer when every
   * active board may reach the viewer's country; else an answer assembled from the boards they may see, so a hidden
   * board is never in it.
   */
  async answerFor(viewer: OfferViewer): Promise<CachedAnswer> {
    if (!viewer.offers) return NO_BOARDS;
    const visible = await this.visibleTo(viewer.country);
    return visible === 'all' ? this.apiAnswer() : (await this.narrow(visible)).answer;
  }

  /** window.__APP__.leaderboard for one viewer (JSON text), by the same rules; null when there is nothing to show. */
  async pageFor(viewer: OfferViewer): Promise<string | null> {
    if (!viewer.offers) return null;
    const visible = await this.visibleTo(viewer.country);
    if (visible === 'all') return this.redis.get(LEADERBOARD_CACHE_KEYS.page);
    return visible.length ? (await this.narrow(visible)).data : null;
  }

  /** Whether an active platform's board may reach a viewer (the periods routes answer 404 when not). */
  async shownTo(slug: string, viewer: OfferViewer): Promise<boolean> {
    if (!viewer.offers) return false;
    const platform = (await this.shownPlatforms()).find((p) => p.slug === slug);
    return !platform || countryAllows(platform.countries, viewer.country);
  }

  private async visibleTo(country: string | null): Promise<ShownPlatform[] | 'all'> {
    const platforms = await this.shownPlatforms();
    const visible = platforms.filter((p) => countryAllows(p.countries, country));
    return visible.length === platforms.length ? 'all' : visible;
  }

  /** The active platforms' rules, read from PostgreSQL at most once a second per process (as the answer is kept). */
  private async shownPlatforms(): Promise<ShownPlatform[]> {
    if (this.shown && Date.now() - this.shown.at < LOCAL_COPY_MS) return this.shown.platforms;
    const platforms = (await listPlatforms(this.em.fork(), true)).map((p) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      countries: p.countries,
    }));
    this.shown = { at: Date.now(), platforms };
    return platforms;
  }

  private async narrow(visible: ShownPlatform[]): Promise<{ data: string; answer: CachedAnswer }> {
    const key = visible.map((p) => p.slug).join('\n');
    const kept = this.narrowed.get(key);
    if (kept && Date.now() - kept.at < LOCAL_COPY_MS) return kept;
    const stored = visible.length ? await this.redis.mget(visible.map((p) => LEADERBOARD_CACHE_KEYS.board(p.slug))) : [];
    const em = this.em.fork();
    const boards: string[] = [];
    for (const [i, p] of visible.entries()) {
      let json = stored[i];
      if (!json) {
        const platform = await findPlatform(em, p.id);
        if (!platform) continue;
        json = await this.boardJson(em, platform);
      }
      boards.push(`${JSON.stringify(p.slug)}:${json}`);
    }
    const data = dataOf(visible, boards);
    const made = { at: Date.now(), data, answer: answerOf(`{"success":true,"data":${data}}`) };
    this.narrowed.set(key, made);
    return made;
  }

  /**
   * The GET /api/r/leaderboard body, ready to send. Each api process keeps the Redis copy for up to
   * a second (the board changes at most every refresh interval), so a burst of readers costs one
   * Redis read per second per process. Rebuilt from PostgreSQL only when Redis lost it.
   */
  async apiAnswer(): Promise<CachedAnswer> {
    if (this.memo && Date.now() - this.memo.at < LOCAL_COPY_MS) return this.memo;
    const json = (await this.redis.get(LEADERBOARD_CACHE_KEYS.api)) ?? (await this.assemble());
    this.remember(json);
    return this.memo!;
  }

  /** Re-serialises one platform's current board from PostgreSQL into Redis. */
  async rebuildBoard(platformId: number): Promise<void> {
    const em = this.em.fork();
    const platform = await findPlatform(em, platformId);
    if (!platform) return;
    await this.redis.set(LEADERBOARD_CACHE_KEYS.board(platform.slug), await this.boardJson(em, platform));
  }

  async forgetBoard(slug: string): Promise<void> {
    await this.redis.del(LEADERBOARD_CACHE_KEYS.board(slug));
  }

  /** Rebuilds the board, the assembled answers, and tells open pages. */
  async publish(platformIds: number[]): Promise<void> {
    for (const id of platformIds) await this.rebuildBoard(id);
    await this.assemble();
    this.realtime.toRoom(LEADERBOARD_ROOM, 'leaderboard:updated', { at: new Date().toISOString() });
  }

  /**
   * Writes the GET answer and the page object from the active platforms' boards. Runs under a
   * short Redis lock so two refreshes finishing together cannot leave the older assembly last.
   */
  async assemble(): Promise<string> {
    const token = `${process.pid}:${Math.random()}`;
    for (let i = 0; i < 100; i++) {
      if (await this.redis.set(LEADERBOARD_CACHE_KEYS.assembleLock, token, 'PX', 10_000, 'NX')) break;
      await sleep(20);
    }
    try {
      const em = this.em.fork();
      const platforms = await listPlatforms(em, true);
      const stored = platforms.length ? await this.redis.mget(platforms.map((p) => LEADERBOARD_CACHE_KEYS.board(p.slug))) : [];
      const boards: string[] = [];
      for (const [i, platform] of platforms.entries()) {
        let json = stored[i];
        if (!json) {
          json = await this.boardJson(em, platform);
          await this.redis.set(LEADERBOARD_CACHE_KEYS.board(platform.slug), json);
        }
        boards.push(`${JSON.stringify(platform.slug)}:${json}`);
      }
      const data = dataOf(platforms, boards);
      const api = `{"success":true,"data":${data}}`;
      const tx = this.redis.multi().set(LEADERBOARD_CACHE_KEYS.api, api);
      // The home preview shows only when there is leaderboard data to show.
      if (platforms.length) tx.set(LEADERBOARD_CACHE_KEYS.page, data);
      else tx.del(LEADERBOARD_CACHE_KEYS.page);
      await tx.exec();
      this.remember(api);
      // A change of countries or boards is seen by this process at once (others within LOCAL_COPY_MS).
      this.shown = null;
      this.narrowed.clear();
      return api;
    } finally {
      await releaseIfHolder(this.redis, LEADERBOARD_CACHE_KEYS.assembleLock, token);
    }
  }

  /** Keeps the answer for this process's next second of readers; the tag is rehashed only when the bytes changed. */
  private remember(json: string): void {
    const answer = this.memo?.json === json ? this.memo : answerOf(json);
    this.memo = { ...answer, at: Date.now() };
  }

  private async boardJson(em: EntityManager, platform: PlatformRecord): Promise<string> {
    const period = await currentPeriod(em, platform.id);
    const window = period ? { start: period.start, end: period.end } : periodWindow(platform, new Date());
    const standings = period ? await rankedStandings(em, period.id, platform.displayCount, await this.breaks.linkedNamesOnBreak()) : [];
    const avatars = await linkedAvatars(
      em,
      standings.map((s) => s.username),
    );
    return JSON.stringify(buildBoard(platform, window, standings, avatars, period?.lastFetchedAt ?? null));
  }
}

/** SPEC §3 leaderboard data from boards already serialised (`"slug":{board}` each), by string concatenation. */
function dataOf(platforms: { name: string; slug: string }[], boards: string[]): string {
  const list = JSON.stringify(platforms.map((p) => ({ name: p.name, slug: p.slug })));
  return `{"platforms":${list},"selected_platform":${JSON.stringify(platforms[0]?.slug ?? null)},"all_leaderboards":{${boards.join(',')}}}`;
}
