import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from '../redis/redis.module';

/**
 * The coalescing window: at most one push per key per window (5 a second), however many changes arrive. The first
 * change after a quiet window is pushed at once (the leading edge); later ones wait for the window to end.
 */
export const PUSH_WINDOW_MS = 200;
/** If the process holding a window dies before flushing, another may open one after this. */
const GATE_TTL_MS = 2000;
/** Pending items nobody flushed (every holder died) are dropped after this. */
const PENDING_TTL_MS = 60_000;

const gateKey = (key: string) => `push:${key}:gate`;
const pendingKey = (key: string) => `push:${key}:pending`;
const marksKey = (key: string) => `push:${key}:marks`;
/** Exists for a window after each push: while it does, the next push waits for it to expire. */
const recentKey = (key: string) => `push:${key}:recent`;

/** Runs `run` after `ms`; returns a cancel. The default is setTimeout, a test passes a clock it drives. */
export type PushScheduler = (run: () => void, ms: number) => () => void;

const timerScheduler: PushScheduler = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * Counters that only grow (a raffle's entries and people), named. Each change reports the values its own
 * statement saw; the flush gets the highest value of each, so a push never shows less than an earlier one even
 * when two changes reach Redis in the other order than they were committed.
 */
export type PushMarks = Record<string, number>;
export type PushFlush = (items: string[], marks: PushMarks) => Promise<void>;

/**
 * Turns a burst of changes into a few pushes, with one window per key shared by every api and
 * worker replica through Redis. The change that takes the gate (SET NX) schedules the flush: at once when no push
 * went out within the last window (key `recent` is gone), else when that window ends. The flush takes the pending
 * items, deletes the gate and starts a window in one MULTI before it reads any state, so a change made before is in
 * this push and one made after takes the gate for the next: nothing is lost and pushes stay at least one window
 * apart. A failed flush puts its items back and takes the gate again, so they go out with the next push.
 */
@Injectable()
export class PushCoalescer implements OnApplicationShutdown {
  private readonly logger = new Logger(PushCoalescer.name);
  private readonly timers = new Set<() => void>();
  /** Replaced by tests that drive time themselves (a long window then never ends on its own in Redis either). */
  scheduler: PushScheduler = timerScheduler;
  windowMs = PUSH_WINDOW_MS;

  constructor(@InjectRedis() private readonly redis: Redis) {}

  /**
   * Adds `items` to the key's pending list, raises its `marks`, and takes the gate if nobody holds it; `flush` then runs
   * once for them: started before this returns when the key was quiet for a window, else when the window ends.
   */
  async request(key: string, flush: PushFlush, items: readonly string[] = [], marks: PushMarks = {}): Promise<void> {
    const multi = this.redis.multi();
    if (items.length) multi.rpush(pendingKey(key), ...items).pexpire(pendingKey(key), PENDING_TTL_MS);
    const raised = Object.entries(marks).flatMap(([name, value]) => [value, name]);
    if (raised.length) multi.zadd(marksKey(key), 'GT', ...raised).pexpire(marksKey(key), PENDING_TTL_MS);
    multi.set(gateKey(key), '1', 'PX', GATE_TTL_MS, 'NX').pttl(recentKey(key));
    const results = await multi.exec();
    if (results?.[results.length - 2]?.[1] !== 'OK') return;
    const wait = Number(results[results.length - 1]?.[1]);
    if (wait > 0) this.schedule(key, flush, wait);
    else this.flushLogged(key, flush);
  }

  /** Closes the key's window now and hands its pending items to `flush` (the timer calls this; tests and benches may too). */
  async flush(key: string, flush: PushFlush): Promise<void> {
    // The marks stay: they are highs across windows, not this window's values.
    const results = await this.redis
      .multi()
      .lrange(pendingKey(key), 0, -1)
      .del(pendingKey(key))
      .del(gateKey(key))
      .zrange(marksKey(key), 0, -1, 'WITHSCORES')
      .set(recentKey(key), '1', 'PX', this.windowMs)
      .exec();
    const items = (results?.[0]?.[1] as string[] | undefined) ?? [];
    const marks = toMarks((results?.[3]?.[1] as string[] | undefined) ?? []);
    try {
      await flush(items, marks);
    } catch (err) {
      if (items.length) await this.request(key, flush, items);
      throw err;
    }
  }

  onApplicationShutdown(): void {
    for (const cancel of this.timers) cancel();
    this.timers.clear();
  }

  private schedule(key: string, flush: PushFlush, ms: number): void {
    const cancel = this.scheduler(() => {
      this.timers.delete(cancel);
      this.flushLogged(key, flush);
    }, ms);
    this.timers.add(cancel);
  }

  /** Not awaited by the change that started it: the change is committed, its caller need not wait for the push. */
  private flushLogged(key: string, flush: PushFlush): void {
    this.flush(key, flush).catch((err: unknown) => this.logger.error({ err, key }, 'coalesced push failed'));
  }
}

/** ZRANGE … WITHSCORES answers [name, score, name, score, …]. */
function toMarks(flat: string[]): PushMarks {
  const marks: PushMarks = {};
  for (let i = 0; i + 1 < flat.length; i += 2) marks[flat[i]!] = Number(flat[i + 1]);
  return marks;
}
