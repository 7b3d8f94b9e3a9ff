import Redis from 'ioredis';
import { testRedisUrl } from '@kickback/testing';
import { ANSWER_VERSION_KEPT_MS, SHARED_ANSWER_MAX_AGE_MS, VersionedAnswerCache, type SharedAnswer } from './versioned-answer-cache';

const meta = { endBalance: '120.00', highestMultiplier: '25.25', gameName: 'Slot A', final: false };
type Meta = typeof meta | null;

describe('VersionedAnswerCache (two api processes on one Redis)', () => {
  let redis: Redis;
  let processes: VersionedAnswerCache[];

  beforeAll(async () => {
    redis = new Redis(testRedisUrl());
    processes = [new VersionedAnswerCache(redis), new VersionedAnswerCache(redis)];
  });
  beforeEach(() => redis.flushdb());
  afterAll(async () => {
    await redis.flushdb();
    redis.disconnect();
  });

  /** A build that answers the given body, counting its runs. */
  function counted(body: () => string) {
    const runs = { count: 0 };
    const build = async (): Promise<SharedAnswer<Meta>> => {
      runs.count++;
      return { body: body(), meta };
    };
    return { runs, build };
  }

  it('serves every reader of both processes from one build until a change, with its meta', async () => {
    const { runs, build } = counted(() => '{"success":true,"data":{"hunt":{"id":7}}}');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => processes[i % 2]!.read('hunt', build)));
    expect(answers.every((a) => a.body === '{"success":true,"data":{"hunt":{"id":7}}}')).toBe(true);
    expect(answers.every((a) => JSON.stringify(a.meta) === JSON.stringify(meta))).toBe(true);
    // One build per process at most for the parallel misses, then none.
    expect(runs.count).toBeLessThanOrEqual(2);
    const before = runs.count;
    await processes[0]!.read('hunt', build);
    await processes[1]!.read('hunt', build);
    expect(runs.count).toBe(before);

    await processes[1]!.invalidate('hunt');
    await processes[0]!.read('hunt', build);
    expect(runs.count).toBe(before + 1);
  });

  it('never serves a build that a change overtook', async () => {
    let state = 'old';
    const read = () => `{"state":"${state}"}`;
    let first = true;
    const build = async (): Promise<SharedAnswer<Meta>> => {
      const body = read();
      if (first) {
        // A change commits and is announced while this build still holds the old rows.
        first = false;
        state = 'new';
        await processes[1]!.invalidate('hunt');
      }
      return { body, meta: null };
    };
    expect((await processes[0]!.read('hunt', build)).body).toBe('{"state":"old"}');
    expect((await processes[0]!.read('hunt', build)).body).toBe('{"state":"new"}');
    expect((await processes[1]!.read('hunt', build)).body).toBe('{"state":"new"}');
  });

  it('keeps an answer no longer than its maximum age, and a failed build stores nothing', async () => {
    const { build } = counted(() => '{}');
    await processes[0]!.read('hunt', build);
    const ttl = await redis.pttl('cache:hunt');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(SHARED_ANSWER_MAX_AGE_MS);

    await processes[0]!.invalidate('hunt');
    const failing = async (): Promise<SharedAnswer<Meta>> => {
      throw new Error('database unavailable');
    };
    await expect(processes[0]!.read('hunt', failing)).rejects.toThrow('database unavailable');
    const next = counted(() => '{"after":"failure"}');
    expect((await processes[0]!.read('hunt', next.build)).body).toBe('{"after":"failure"}');
    expect(next.runs.count).toBe(1);
  });

  it('keeps answers of different names apart: a change to one leaves the other served', async () => {
    const a = counted(() => '"a"');
    const b = counted(() => '"b"');
    await processes[0]!.read('tournament:1', a.build);
    await processes[0]!.read('tournament:2', b.build);
    await processes[1]!.invalidate('tournament:1');
    expect((await processes[1]!.read('tournament:2', b.build)).body).toBe('"b"');
    expect(b.runs.count).toBe(1);
    await processes[1]!.read('tournament:1', a.build);
    expect(a.runs.count).toBe(2);
  });

  it('lets a version key expire after its last change, and never serves an answer of the version before it', async () => {
    await processes[0]!.invalidate('tournament:3');
    const ttl = await redis.pttl('cache:tournament:3:version');
    expect(ttl).toBeGreaterThan(SHARED_ANSWER_MAX_AGE_MS);
    expect(ttl).toBeLessThanOrEqual(ANSWER_VERSION_KEPT_MS);

    let state = 'before';
    const build = async (): Promise<SharedAnswer<Meta>> => ({ body: `"${state}"`, meta: null });
    expect((await processes[0]!.read('tournament:3', build)).body).toBe('"before"');
    // The version key expires (as after a week without changes) while the answer built under it is still kept: the
    // next change must not come back to that same version.
    await redis.del('cache:tournament:3:version');
    expect(await redis.exists('cache:tournament:3')).toBe(1);
    await processes[0]!.invalidate('tournament:3');
    state = 'after';
    expect((await processes[1]!.read('tournament:3', build)).body).toBe('"after"');
  });
});
