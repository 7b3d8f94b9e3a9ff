import Redis from 'ioredis';
import { testRedisUrl } from '@kickback/testing';
import { CURRENT_HUNT_KEYS, CURRENT_HUNT_MAX_AGE_MS, CurrentHuntCache, type SharedCurrentHunt } from './current-hunt-cache';

const target = { endBalance: '120.00', highestMultiplier: '25.25', gameName: 'Slot A', final: false };

describe('CurrentHuntCache (two api processes on one Redis)', () => {
  let redis: Redis;
  let processes: CurrentHuntCache[];

  beforeAll(async () => {
    redis = new Redis(testRedisUrl());
    processes = [new CurrentHuntCache(redis), new CurrentHuntCache(redis)];
  });
  beforeEach(() => redis.flushdb());
  afterAll(async () => {
    await redis.flushdb();
    redis.disconnect();
  });

  /** A build that answers the given body, counting its runs. */
  function counted(body: () => string) {
    const runs = { count: 0 };
    const build = async (): Promise<SharedCurrentHunt> => {
      runs.count++;
      return { body: body(), target };
    };
    return { runs, build };
  }

  it('serves every reader of both processes from one build until a change, with its ranking target', async () => {
    const { runs, build } = counted(() => '{"success":true,"data":{"hunt":{"id":7}}}');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => processes[i % 2]!.read(build)));
    expect(answers.every((a) => a.body === '{"success":true,"data":{"hunt":{"id":7}}}')).toBe(true);
    expect(answers.every((a) => JSON.stringify(a.target) === JSON.stringify(target))).toBe(true);
    // One build per process at most for the parallel misses, then none.
    expect(runs.count).toBeLessThanOrEqual(2);
    const before = runs.count;
    await processes[0]!.read(build);
    await processes[1]!.read(build);
    expect(runs.count).toBe(before);

    await processes[1]!.invalidate();
    await processes[0]!.read(build);
    expect(runs.count).toBe(before + 1);
  });

  it('never serves a build that a change overtook', async () => {
    let state = 'old';
    const read = () => `{"state":"${state}"}`;
    let first = true;
    const build = async (): Promise<SharedCurrentHunt> => {
      const body = read();
      if (first) {
        // A change commits and is announced while this build still holds the old rows.
        first = false;
        state = 'new';
        await processes[1]!.invalidate();
      }
      return { body, target: null };
    };
    expect((await processes[0]!.read(build)).body).toBe('{"state":"old"}');
    expect((await processes[0]!.read(build)).body).toBe('{"state":"new"}');
    expect((await processes[1]!.read(build)).body).toBe('{"state":"new"}');
  });

  it('keeps an answer no longer than its maximum age, and a failed build stores nothing', async () => {
    const { build } = counted(() => '{}');
    await processes[0]!.read(build);
    const ttl = await redis.pttl(CURRENT_HUNT_KEYS.answer);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(CURRENT_HUNT_MAX_AGE_MS);

    await processes[0]!.invalidate();
    const failing = async (): Promise<SharedCurrentHunt> => {
      throw new Error('database unavailable');
    };
    await expect(processes[0]!.read(failing)).rejects.toThrow('database unavailable');
    const next = counted(() => '{"after":"failure"}');
    expect((await processes[0]!.read(next.build)).body).toBe('{"after":"failure"}');
    expect(next.runs.count).toBe(1);
  });
});
