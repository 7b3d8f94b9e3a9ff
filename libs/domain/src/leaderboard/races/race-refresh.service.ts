import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { AppConfig, InjectRedis, withRedisLock } from '@kickback/platform';
import { findPlatform, type PlatformRecord } from '../leaderboard-platforms.repository';
import { manualEntries } from '../leaderboard-standings.repository';
import { currentPeriod } from '../leaderboard-periods.repository';
import { rankWagers, type RankedWager } from '../ranking';
import { MemberBreaksService } from '../../safety/member-breaks.service';
import { SecretsCipher } from '../secrets-cipher';
import { SourceError, type SourceRow } from '../sources/source-adapter';
import { sourceFor } from '../sources/source-registry';
import type { PeriodWindow } from '../period-window';
import { rankRace, raceRanking, snapshotTotals, totalsWindow } from './race-ranking';
import { RacePushService } from './race-push.service';
import { FeaturedRaceService } from './featured-race.service';
import { RaceWinnersService } from './race-winners.service';
import {
  findRace,
  findSnapshot,
  insertSnapshot,
  moveRace,
  openRaces,
  recordRaceError,
  writeRaceStandings,
  type RaceRecord,
} from './races.repository';

export type RaceRunOutcome = { status: 'updated' | 'finished' | 'failed' | 'busy' | 'skipped'; error?: string };

const LOCK_MS = 5 * 60_000;
/** A snapshot taken later than this after the start is marked late, and the race page says from when it counts. */
const SNAPSHOT_GRACE_MS = 60_000;

const lockKey = (raceId: number) => `lock:race:refresh:${raceId}`;

/**
 * One run of one race, under a per-race Redis lock: before the start nothing happens; from the start, a race over a
 * totals-only source first takes its snapshot (every player's total then), and each run fetches, ranks what was
 * wagered inside the window and stores the standings; from the end, one last fetch, then the transaction that moves
 * the race to finished records its winners. A failed fetch changes nothing but last_error: the last good standings
 * stay, and a race whose final fetch failed finishes on its last good standings.
 */
@Injectable()
export class RaceRefreshService {
  private readonly logger = new Logger(RaceRefreshService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly cipher: SecretsCipher,
    private readonly config: AppConfig,
    private readonly winners: RaceWinnersService,
    private readonly push: RacePushService,
    private readonly featured: FeaturedRaceService,
    private readonly breaks: MemberBreaksService,
  ) {}

  async run(raceId: number, now = new Date()): Promise<RaceRunOutcome> {
    const locked = await withRedisLock(this.redis, lockKey(raceId), LOCK_MS, () => this.runLocked(raceId, now));
    return locked.ran ? locked.value : { status: 'busy' };
  }

  /** The sweep: runs every race whose start or end has passed without its job (a worker was down at the time). */
  async catchUp(now = new Date()): Promise<number[]> {
    const due = (await openRaces(this.em.fork())).filter((r) => now >= r.start && (r.status === 'upcoming' || now >= r.end));
    for (const race of due) await this.run(race.id, now);
    return due.map((r) => r.id);
  }

  private async runLocked(raceId: number, now: Date): Promise<RaceRunOutcome> {
    const race = await findRace(this.em.fork(), raceId);
    if (!race || race.status === 'finished' || race.status === 'cancelled' || now < race.start) return { status: 'skipped' };
    const platform = await findPlatform(this.em.fork(), race.platformId);
    if (!platform) return { status: 'skipped' };
    if (race.status === 'upcoming') {
      await moveRace(this.em.fork(), race.id, ['upcoming'], 'live');
      await this.push.updated(race.id);
      await this.featured.announce();
    }
    const fetched = await this.fetchAndStore(race, platform, now);
    if (now < race.end) {
      await this.push.updated(race.id);
      return fetched;
    }
    await this.finish(race, platform);
    return { status: 'finished', error: fetched.error };
  }

  /** The move to finished and the winners, in one transaction: of two end runs, only the one that moves records. */
  private async finish(race: RaceRecord, platform: PlatformRecord): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      if (!(await moveRace(tx, race.id, ['live'], 'finished'))) return;
      await this.winners.recordWinners(tx, race, platform);
    });
    await this.push.updated(race.id);
    await this.featured.announce();
  }

  private async fetchAndStore(race: RaceRecord, platform: PlatformRecord, now: Date): Promise<RaceRunOutcome> {
    try {
      const ranked = await this.rank(race, platform, now);
      await this.em.fork().transactional((tx) =>
        writeRaceStandings(
          tx,
          race.id,
          ranked.map((r) => r.username),
          ranked.map((r) => r.wagered),
        ),
      );
      return { status: 'updated' };
    } catch (err) {
      const error = err instanceof SourceError ? err.message : 'The source failed unexpectedly; see the worker log.';
      if (!(err instanceof SourceError)) this.logger.error({ raceId: race.id, err: (err as Error).message }, 'race source crashed');
      await recordRaceError(this.em.fork(), race.id, error);
      return { status: 'failed', error };
    }
  }

  /**
   * The race's ranking now. A window race asks for its own start and end. A snapshot race asks for its totals window;
   * without a snapshot yet (the first run after the start), these totals become the snapshot and everyone starts at 0.
   */
  private async rank(race: RaceRecord, platform: PlatformRecord, now: Date): Promise<RankedWager[]> {
    // Members on a break from gambling content are not ranked: their linked casino names are left out like excluded ones.
    const excluded = [...platform.excludedUsernames, ...(await this.breaks.linkedNamesOnBreak())];
    const options = { excluded, minWager: race.minWager };
    if (raceRanking(platform.sourceType, platform.sourceConfig, race) === 'window')
      return rankRace(await this.fetchRows(platform, race), { ...options, snapshot: null });
    const rows = await this.fetchRows(platform, totalsWindow(race));
    const stored = await findSnapshot(this.em.fork(), race.id);
    if (stored) return rankRace(rows, { ...options, snapshot: snapshotTotals(stored.usernames, stored.wagered) });
    const totals = rankWagers(rows, platform.excludedUsernames);
    const late = now.getTime() - race.start.getTime() > SNAPSHOT_GRACE_MS;
    const snapshot = { usernames: totals.map((t) => t.username), wagered: totals.map((t) => t.wagered), takenAt: now, late };
    await this.em.fork().transactional((tx) => insertSnapshot(tx, race.id, snapshot));
    const taken = (await findSnapshot(this.em.fork(), race.id))!;
    return rankRace(rows, { ...options, snapshot: snapshotTotals(taken.usernames, taken.wagered) });
  }

  private async fetchRows(platform: PlatformRecord, window: PeriodWindow): Promise<SourceRow[]> {
    return sourceFor(platform.sourceType).fetch({
      window,
      config: platform.sourceConfig,
      credentials: platform.credentialsSealed ? this.cipher.open(platform.credentialsSealed) : null,
      allowPrivateHosts: this.config.env.LEADERBOARD_ALLOW_PRIVATE_HOSTS,
      maxAnswerBytes: this.config.env.LEADERBOARD_SOURCE_MAX_BYTES,
      // A manual CSV race reads the totals imported for the platform's current period.
      loadManualRows: async () => {
        const period = await currentPeriod(this.em.fork(), platform.id);
        return period ? manualEntries(this.em.fork(), period.id) : [];
      },
    });
  }
}
