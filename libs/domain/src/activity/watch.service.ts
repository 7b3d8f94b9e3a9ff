import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import type { WatchHeartbeat, WatchHeartbeatAnswer } from '@kickback/contracts';
import { InjectRedis, releaseIfHolder } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { ActivityAwardsService } from './activity-awards.service';

const holderKey = (userId: number) => `activity:watch:holder:${userId}`;
const progressKey = (userId: number, streamId: string) => `activity:watch:progress:${userId}:${streamId}`;

const NOT_HOLDER = -1;
const COUNTED = 0;

/**
 * One beat in one step, so beats racing each other (from parallel messages, tabs or api replicas) can never read the
 * same last beat and each be credited for the same time. KEYS: the member's holder claim, the stream's progress.
 * ARGV: connection id, claim ttl ms, most credit per beat ms, interval ms, progress ttl s. Answers NOT_HOLDER when
 * another connection counts, COUNTED, or 1 when a full interval was reached (and taken off the progress).
 * Redis's clock times the beats, so replicas with skewed clocks agree.
 */
const CREDIT = `
local taken = redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX')
if not taken then
  if redis.call('get', KEYS[1]) ~= ARGV[1] then return -1 end
  redis.call('pexpire', KEYS[1], ARGV[2])
end
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
-- A fresh claim (first beat, a tab shown again, another tab taking over) counts from now, never from before.
local last = now
if not taken then last = tonumber(redis.call('hget', KEYS[2], 'last')) or now end
local credit = math.min(math.max(0, now - last), tonumber(ARGV[3]))
redis.call('hset', KEYS[2], 'last', now)
local ms = redis.call('hincrby', KEYS[2], 'ms', credit)
redis.call('expire', KEYS[2], ARGV[5])
if ms < tonumber(ARGV[4]) then return 0 end
redis.call('hincrby', KEYS[2], 'ms', -tonumber(ARGV[4]))
return 1`;

type Crediting = Redis & {
  watchCredit(holder: string, progress: string, ...args: (string | number)[]): Promise<number>;
};

/** Beats often enough to notice a hidden tab within a quarter of an interval, but never more than every 30 s. */
export const beatSeconds = (intervalSeconds: number) => Math.min(30, Math.max(1, Math.floor(intervalSeconds / 4)));

/**
 * Watch points from the page's heartbeats. One connection per member counts at a time (a Redis key names it, across
 * tabs, devices and api replicas); only a visible page with the player on a live stream adds time, at most two beats'
 * worth per beat, so a paused or throttled tab cannot catch up. Each full interval is one award, capped per stream.
 */
@Injectable()
export class WatchService {
  private readonly redis: Crediting;

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() redis: Redis,
    private readonly repository: ActivityRepository,
    private readonly awards: ActivityAwardsService,
  ) {
    redis.defineCommand('watchCredit', { numberOfKeys: 2, lua: CREDIT });
    this.redis = redis as Crediting;
  }

  async beat(userId: number, connectionId: string, beat: WatchHeartbeat): Promise<WatchHeartbeatAnswer> {
    const em = this.em.fork();
    const rules = await this.repository.rules(em);
    const nextBeat = beatSeconds(rules.watch_interval_seconds);
    const idle = { counted: false, awarded: 0, next_beat_seconds: nextBeat };
    const holder = holderKey(userId);
    if (!beat.visible || !beat.player) {
      // A hidden tab lets another of the member's tabs take over at once.
      await releaseIfHolder(this.redis, holder, connectionId);
      return idle;
    }
    const live = await this.repository.live(em);
    if (!live.is_live || !live.stream_id || rules.watch_points <= 0) return idle;
    const outcome = await this.redis.watchCredit(
      holder,
      progressKey(userId, live.stream_id),
      connectionId,
      nextBeat * 2500,
      nextBeat * 2000,
      rules.watch_interval_seconds * 1000,
      24 * 3600,
    );
    if (outcome === NOT_HOLDER) return idle;
    if (outcome === COUNTED) return { ...idle, counted: true };
    const awarded = await this.award(userId, live.stream_id, rules.watch_points, rules.watch_stream_cap);
    return { counted: true, awarded, next_beat_seconds: nextBeat };
  }

  /** The connection closed: another tab may count from its next beat. */
  async release(userId: number, connectionId: string): Promise<void> {
    await releaseIfHolder(this.redis, holderKey(userId), connectionId);
  }

  private async award(userId: number, streamId: string, points: number, streamCap: number): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      await this.repository.lockMember(tx, userId);
      const earned = await this.repository.earnedInStream(tx, { userId }, 'watch', streamId);
      const amount = Math.min(points, streamCap - earned);
      if (amount <= 0) return 0;
      const n = await this.repository.watchAwardCount(tx, userId, streamId);
      const kickUserId = await this.repository.kickIdOf(tx, userId);
      const outcome = await this.awards.award(tx, {
        key: `watch:${streamId}:${userId}:${n + 1}`,
        source: 'watch',
        kickUserId,
        userId,
        streamId,
        points: amount,
        xp: amount,
      });
      return outcome === 'awarded' ? amount : 0;
    });
  }
}
