import Redis from 'ioredis';
import { testRedisUrl, waitFor } from '@kickback/testing';
import { PushCoalescer, type PushMarks, type PushScheduler } from './push-coalescer';

/** Long enough that no window ends by itself in Redis while a test runs: only the test's clock ends one. */
const WINDOW_MS = 60_000;

/** A clock the test drives: scheduled flushes run only when the test says so. */
class ManualScheduler {
  readonly waiting: { run: () => void; ms: number }[] = [];
  readonly schedule: PushScheduler = (run, ms) => {
    const entry = { run, ms };
    this.waiting.push(entry);
    return () => void this.waiting.splice(this.waiting.indexOf(entry), 1);
  };
  /** Ends every open window: runs what is scheduled. */
  elapse(): void {
    for (const entry of this.waiting.splice(0)) entry.run();
  }
}

describe('PushCoalescer (two replicas on one Redis)', () => {
  let redis: Redis;
  let replicas: PushCoalescer[];
  let clock: ManualScheduler;

  beforeAll(async () => {
    redis = new Redis(testRedisUrl());
    await redis.flushdb();
  });
  beforeEach(() => {
    clock = new ManualScheduler();
    replicas = [new PushCoalescer(redis), new PushCoalescer(redis)];
    for (const r of replicas) {
      r.scheduler = clock.schedule;
      r.windowMs = WINDOW_MS;
    }
  });
  afterAll(async () => {
    await redis.flushdb();
    redis.disconnect();
  });

  const recorder = () => {
    const pushes: { items: string[]; marks: PushMarks }[] = [];
    const flush = async (items: string[], marks: PushMarks) => void pushes.push({ items, marks });
    return { pushes, flush };
  };

  it('pushes the first change after a quiet window at once, without waiting for any window', async () => {
    const { pushes, flush } = recorder();
    await replicas[0].request('room:lead', flush, ['a']);
    expect(clock.waiting).toHaveLength(0);
    await waitFor(() => pushes.length === 1, 5_000, 'the leading push');
    expect(pushes[0]!.items).toEqual(['a']);
    expect(clock.waiting).toHaveLength(0);
  });

  it('holds changes that follow a push until the window ends, then sends them together in one push', async () => {
    const { pushes, flush } = recorder();
    await replicas[0].request('room:trail', flush, ['a']);
    await waitFor(() => pushes.length === 1, 5_000, 'the leading push');
    await replicas[0].request('room:trail', flush, ['b']);
    await replicas[1].request('room:trail', flush, ['c']);
    // One replica holds the window; it ends no later than a window after the leading push.
    expect(clock.waiting).toHaveLength(1);
    expect(clock.waiting[0]!.ms).toBeGreaterThan(0);
    expect(clock.waiting[0]!.ms).toBeLessThanOrEqual(WINDOW_MS);
    expect(pushes).toHaveLength(1);
    clock.elapse();
    await waitFor(() => pushes.length === 2, 5_000, 'the trailing push');
    expect(pushes[1]!.items).toEqual(['b', 'c']);
  });

  it('delivers every item of a burst from two replicas exactly once, in the leading push and one per window after', async () => {
    const { pushes, flush } = recorder();
    await Promise.all(Array.from({ length: 200 }, (_, i) => replicas[i % 2]!.request('room:a', flush, [String(i)])));
    const delivered = () => pushes.flatMap((p) => p.items).length;
    while (delivered() < 200) {
      await waitFor(() => clock.waiting.length > 0 || delivered() === 200, 5_000, 'a window or every item');
      clock.elapse();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const sorted = pushes
      .flatMap((p) => p.items)
      .map(Number)
      .sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: 200 }, (_, i) => i));
    // No time passed on the test's clock: the leading push, then the one window the rest of the burst opened.
    expect(pushes.length).toBeLessThanOrEqual(2);
  });

  it('hands each flush the highest value of every mark, whatever order the changes arrive in, and keeps it across windows', async () => {
    const { pushes, flush } = recorder();
    await replicas[0].request('room:d', flush, ['a'], { total: 7, people: 3 });
    await waitFor(() => pushes.length === 1, 5_000, 'the leading push');
    await Promise.all([
      replicas[1].request('room:d', flush, ['b'], { total: 9, people: 2 }),
      replicas[0].request('room:d', flush, ['c'], { total: 8, people: 4 }),
    ]);
    clock.elapse();
    await waitFor(() => pushes.length === 2, 5_000, 'the second push');
    // A change that reports lower counters than an earlier one (committed first, queued last) lowers nothing.
    await replicas[1].request('room:d', flush, ['d'], { total: 5, people: 1 });
    clock.elapse();
    await waitFor(() => pushes.length === 3, 5_000, 'the third push');
    expect(pushes.map((p) => p.marks)).toEqual([
      { total: 7, people: 3 },
      { total: 9, people: 4 },
      { total: 9, people: 4 },
    ]);
  });

  it('puts the items of a failed flush back for the next window', async () => {
    const seen: string[][] = [];
    let fail = true;
    const flush = async (items: string[]) => {
      seen.push(items);
      if (fail) {
        fail = false;
        throw new Error('database down');
      }
    };
    await replicas[0].request('room:c', flush, ['x', 'y']);
    await waitFor(() => clock.waiting.length === 1, 5_000, 'the retry window');
    clock.elapse();
    await waitFor(() => seen.length === 2, 5_000, 'the retried push');
    expect(seen).toEqual([
      ['x', 'y'],
      ['x', 'y'],
    ]);
  });
});
