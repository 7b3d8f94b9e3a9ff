import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from '@kickback/platform';
import type { RankingTarget } from './hunt-predictions.repository';

export const CURRENT_HUNT_KEYS = { answer: 'cache:hunts:current', version: 'cache:hunts:current:version' } as const;

/**
 * Bounds what no event announces: the relative times ("5 minutes ago") and a member's new name or
 * avatar among the top predictions.
 */
export const CURRENT_HUNT_MAX_AGE_MS = 10_000;

/** The answer every viewer shares (no own prediction), with the ranking target a member's own rank is read against. */
export interface SharedCurrentHunt {
  body: string;
  target: RankingTarget | null;
}

// JSON never holds a raw newline, so the stored value splits on the first two.
const serialise = (version: string, shared: SharedCurrentHunt) => `${version}\n${JSON.stringify(shared.target)}\n${shared.body}`;

function parse(stored: string, version: string): SharedCurrentHunt | null {
  const first = stored.indexOf('\n');
  const second = stored.indexOf('\n', first + 1);
  if (first < 0 || second < 0 || stored.slice(0, first) !== version) return null;
  return { target: JSON.parse(stored.slice(first + 1, second)) as RankingTarget | null, body: stored.slice(second + 1) };
}

/**
 * The current hunt's public answer, built once per change instead of three queries per viewer.
 * Every change bumps a version counter after its commit (the admin's write, and the worker before
 * each push), and an answer counts only under the version it was built from: a build that raced
 * a change is stored under the old version and never served, so a reader never sees data older
 * than the last change it could have been told about. Concurrent misses in one process share one build.
 */
@Injectable()
export class CurrentHuntCache {
  private building: { version: string; shared: Promise<SharedCurrentHunt> } | null = null;

  constructor(@InjectRedis() private readonly redis: Redis) {}

  async read(build: () => Promise<SharedCurrentHunt>): Promise<SharedCurrentHunt> {
    const [stored, storedVersion] = await this.redis.mget(CURRENT_HUNT_KEYS.answer, CURRENT_HUNT_KEYS.version);
    const version = storedVersion ?? '0';
    const hit = stored === null ? null : parse(stored, version);
    if (hit) return hit;
    if (this.building?.version === version) return this.building.shared;
    const shared = this.buildAndStore(version, build);
    this.building = { version, shared };
    try {
      return await shared;
    } finally {
      if (this.building?.shared === shared) this.building = null;
    }
  }

  /** Called after a change committed and before it is pushed, so a page reloading on the push reads the change. */
  async invalidate(): Promise<void> {
    await this.redis.incr(CURRENT_HUNT_KEYS.version);
  }

  private async buildAndStore(version: string, build: () => Promise<SharedCurrentHunt>): Promise<SharedCurrentHunt> {
    const shared = await build();
    await this.redis.set(CURRENT_HUNT_KEYS.answer, serialise(version, shared), 'PX', CURRENT_HUNT_MAX_AGE_MS);
    return shared;
  }
}
