import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from './redis.token';

const answerKey = (name: string) => `cache:${name}`;
const versionKey = (name: string) => `cache:${name}:version`;

/**
 * Bounds what no event announces, such as relative times ("5 minutes ago") or a member's new name or avatar
 * inside a shared answer.
 */
export const SHARED_ANSWER_MAX_AGE_MS = 10_000;

/**
 * How long a name's version outlives its last change: far longer than any answer built under an earlier version can be
 * stored (SHARED_ANSWER_MAX_AGE_MS), and then it goes, so the names of things no longer shown (a deleted tournament's)
 * leave no key behind.
 */
export const ANSWER_VERSION_KEPT_MS = 7 * 24 * 3600 * 1000;

/** A serialised answer every viewer shares, with what a member's own part is read against (JSON). */
export interface SharedAnswer<M> {
  body: string;
  meta: M;
}

// JSON never holds a raw newline, so the stored value splits on the first two.
const serialise = (version: string, answer: SharedAnswer<unknown>) => `${version}\n${JSON.stringify(answer.meta)}\n${answer.body}`;

function parse<M>(stored: string, version: string): SharedAnswer<M> | null {
  const first = stored.indexOf('\n');
  const second = stored.indexOf('\n', first + 1);
  if (first < 0 || second < 0 || stored.slice(0, first) !== version) return null;
  return { meta: JSON.parse(stored.slice(first + 1, second)) as M, body: stored.slice(second + 1) };
}

/**
 * A public answer that many viewers read at once, built once per change instead of once per viewer. Every
 * change bumps the answer's version after its commit (the writer, and the worker again before it pushes),
 * and an answer counts only under the version it was built from: a build that raced a change is stored
 * under the old version and never served, so a reader never gets data older than the last change it could
 * have been told about. A read is one Redis round trip (the answer and the version together); parallel
 * misses in one process share one build.
 */
@Injectable()
export class VersionedAnswerCache {
  private readonly building = new Map<string, { version: string; answer: Promise<SharedAnswer<unknown>> }>();

  constructor(@InjectRedis() private readonly redis: Redis) {}

  async read<M>(name: string, build: () => Promise<SharedAnswer<M>>): Promise<SharedAnswer<M>> {
    const [stored, storedVersion] = await this.redis.mget(answerKey(name), versionKey(name));
    const version = storedVersion ?? '0';
    const hit = stored === null ? null : parse<M>(stored, version);
    if (hit) return hit;
    const running = this.building.get(name);
    if (running?.version === version) return running.answer as Promise<SharedAnswer<M>>;
    const answer = this.buildAndStore(name, version, build);
    this.building.set(name, { version, answer });
    try {
      return await answer;
    } finally {
      if (this.building.get(name)?.answer === answer) this.building.delete(name);
    }
  }

  /** Called after a change committed and before it is pushed, so a page reloading on the push reads the change. */
  async invalidate(name: string): Promise<void> {
    // A new random version, not a count: a count restarting after its key expired could meet an answer stored under
    // the same number before.
    await this.redis.set(versionKey(name), randomBytes(9).toString('base64url'), 'PX', ANSWER_VERSION_KEPT_MS);
  }

  private async buildAndStore<M>(name: string, version: string, build: () => Promise<SharedAnswer<M>>): Promise<SharedAnswer<M>> {
    const answer = await build();
    await this.redis.set(answerKey(name), serialise(version, answer), 'PX', SHARED_ANSWER_MAX_AGE_MS);
    return answer;
  }
}
