import Redis from 'ioredis';
import { testRedisUrl } from '@kickback/testing';
import { PUSH_WINDOW_MS, PushCoalescer } from './push-coalescer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PushCoalescer (two replicas on one Redis)', () => {
  let redis: Redis;
  let replicas: PushCoalescer[];

  beforeAll(async () => {
    redis = new Redis(testRedisUrl());
    await redis.flushdb();
    replicas = [new PushCoalescer(redis), new PushCoalescer(redis)];
  });
  afterAll(async () => {
    for (const r of replicas) r.onApplicationShutdown();
    await redis.flushdb();
    redis.disconnect();
  });

  it('delivers every item of a burst exactly once in a few pushes, at most one per window', async () => {
    const pushes: { at: number; items: string[] }[] = [];
    const flush = async (items: string[]) => void pushes.push({ at: Date.now(), items });
    await Promise.all(Array.from({ length: 200 }, (_, i) => replicas[i % 2].request('room:a', flush, [String(i)])));
    await sleep(PUSH_WINDOW_MS * 3);
    const delivered = pushes
      .flatMap((p) => p.items)
      .map(Number)
      .sort((a, b) => a - b);
    expect(delivered).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(pushes.length).toBeLessThanOrEqual(2);
  });

  it('opens a window without items and flushes it once', async () => {
    let calls = 0;
    const flush = async () => void calls++;
    for (let i = 0; i < 20; i++) await replicas[i % 2].request('room:b', flush);
    await sleep(PUSH_WINDOW_MS * 2);
    expect(calls).toBe(1);
  });

  it('hands each flush the highest value of every mark, whatever order the changes arrive in, and keeps it across windows', async () => {
    const seen: Record<string, number>[] = [];
    const flush = async (_items: string[], marks: Record<string, number>) => void seen.push(marks);
    await Promise.all([
      replicas[0].request('room:d', flush, ['a'], { total: 7, people: 3 }),
      replicas[1].request('room:d', flush, ['b'], { total: 9, people: 2 }),
      replicas[0].request('room:d', flush, ['c'], { total: 8, people: 4 }),
    ]);
    await sleep(PUSH_WINDOW_MS * 2);
    // A change that reports lower counters than an earlier one (committed first, queued last) lowers nothing.
    await replicas[1].request('room:d', flush, ['d'], { total: 5, people: 1 });
    await sleep(PUSH_WINDOW_MS * 2);
    expect(seen).toEqual([
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
    await sleep(PUSH_WINDOW_MS * 3);
    expect(seen).toEqual([
      ['x', 'y'],
      ['x', 'y'],
    ]);
  });
});
