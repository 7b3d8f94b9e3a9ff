import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import type { WatchHeartbeat, WatchHeartbeatAnswer } from '@kickback/contracts';
import { InjectRedis } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { ActivityAwardsService } from './activity-awards.service';

const holderKey = (userId: number) => `activity:watch:holder:${userId}`;
const progressKey = (userId: number, streamId: string) => `activity:watch:progress:${userId}:${streamId}`;

/** Beats often enough to notice a hidden tab within a quarter of an interval, but never more than every 30 s. */
export const beatSeconds = (intervalSeconds: number) => Math.min(30, Math.max(1, Math.floor(intervalSeconds / 4)));

/**
 * Watch points from the page's heartbeats. One connection per member counts at a time (a Redis key names it, across
 * tabs, devices and api replicas); only a visible page with the player on a live stream adds time, at most two beats'
 * worth per beat, so a paused or throttled tab cannot catch up. Each full interval is one award, capped per stream.
 */
@Injectable()
export class WatchService {
  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly repository: ActivityRepository,
    private readonly awards: ActivityAwardsService,
  ) {}

  async beat(userId: number, connectionId: string, beat: WatchHeartbeat): Promise<WatchHeartbeatAnswer> {
    const em = this.em.fork();
    const rules = await this.repository.rules(em);
    const nextBeat = beatSeconds(rules.watch_interval_seconds);
    const idle = { counted: false, awarded: 0, next_beat_seconds: nextBeat };
    const holder = holderKey(userId);
    if (!beat.visible || !beat.player) {
      // A hidden tab lets another of the member's tabs take over at once.
      await this.releaseIfHolder(holder, connectionId);
      return idle;
    }
    const live = await this.repository.live(em);
    if (!live.is_live || !live.stream_id || rules.watch_points <= 0) return idle;
    const ttlMs = nextBeat * 2500;
    const taken = await this.redis.set(holder, connectionId, 'PX', ttlMs, 'NX');
    if (taken !== 'OK') {
      if ((await this.redis.get(holder)) !== connectionId) return idle;
      await this.redis.pexpire(holder, ttlMs);
    }
    const now = Date.now();
    const progress = progressKey(userId, live.stream_id);
    // A fresh claim (first beat, a tab shown again, another tab taking over) counts from now, never from before.
    const last = taken === 'OK' ? now : Number(await this.redis.hget(progress, 'last')) || now;
    const credit = Math.min(Math.max(0, now - last), nextBeat * 2000);
    const [, accumulated] = (await this.redis
      .multi()
      .hset(progress, 'last', String(now))
      .hincrby(progress, 'ms', credit)
      .expire(progress, 24 * 3600)
      .exec())!.map(([, value]) => value) as [unknown, number];
    const intervalMs = rules.watch_interval_seconds * 1000;
    if (accumulated < intervalMs) return { ...idle, counted: true };
    await this.redis.hincrby(progress, 'ms', -intervalMs);
    const awarded = await this.award(userId, live.stream_id, rules.watch_points, rules.watch_stream_cap);
    return { counted: true, awarded, next_beat_seconds: nextBeat };
  }

  /** The connection closed: another tab may count from its next beat. */
  async release(userId: number, connectionId: string): Promise<void> {
    await this.releaseIfHolder(holderKey(userId), connectionId);
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

  private async releaseIfHolder(holder: string, connectionId: string): Promise<void> {
    // Compare and delete in one step: never remove another connection's claim.
    await this.redis.eval(
      `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`,
      1,
      holder,
      connectionId,
    );
  }
}
