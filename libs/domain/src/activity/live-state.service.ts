import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import type { LiveState } from '@kickback/contracts';
import { InjectRedis } from '@kickback/platform';
import { ActivityRepository, toLive } from './activity.repository';

const CACHE_KEY = 'activity:live-state';
const CACHE_TTL_SECONDS = 3600;
/** Set by member pages with the player open (their heartbeats): the live-state poll runs while it exists. */
const WATCHING_KEY = 'activity:watching';
const WATCHING_TTL_SECONDS = 120;
/** Heartbeats arrive every few seconds per member: one write per process this often is enough. */
const WATCHING_NOTE_EVERY_MS = 30_000;

/** The cached state with the Kick timestamp it was applied at, so a slower writer never replaces a newer state. */
interface CachedLive {
  state: LiveState;
  as_of: number;
}

/** Writes the state unless the cached one is newer (two status changes committing close together may finish in either order). */
const SET_IF_NEWER = `
local current = redis.call('get', KEYS[1])
if current and tonumber(cjson.decode(current).as_of) > tonumber(ARGV[2]) then return 0 end
redis.call('set', KEYS[1], ARGV[1], 'EX', ARGV[3])
return 1`;

/**
 * Whether the streamer is live, as Kick's livestream.status.updated last said. Every page render injects it, so it is
 * read from Redis: a miss loads the row and only fills an empty key, and a change overwrites it unless the key already
 * holds a newer state — a render that read the row just before a change cannot put the old state back.
 */
@Injectable()
export class LiveStateService {
  private watchingNotedAt = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly repository: ActivityRepository,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async get(): Promise<LiveState> {
    const cached = await this.redis.get(CACHE_KEY);
    if (cached) return (JSON.parse(cached) as CachedLive).state;
    const row = await this.repository.live(this.em.fork());
    const state = toLive(row);
    const entry: CachedLive = { state, as_of: new Date(row.as_of).getTime() };
    await this.redis.set(CACHE_KEY, JSON.stringify(entry), 'EX', CACHE_TTL_SECONDS, 'NX');
    return state;
  }

  /** After a status change committed: the state it left, as of the Kick timestamp it was applied at. */
  async changed(state: LiveState, asOf: Date): Promise<void> {
    const entry: CachedLive = { state, as_of: asOf.getTime() };
    await this.redis.eval(SET_IF_NEWER, 1, CACHE_KEY, JSON.stringify(entry), String(entry.as_of), String(CACHE_TTL_SECONDS));
  }

  /** A member's page shows the player: the poll keeps asking Kick whether the stream is live. */
  async noteWatcher(): Promise<void> {
    if (Date.now() - this.watchingNotedAt < WATCHING_NOTE_EVERY_MS) return;
    this.watchingNotedAt = Date.now();
    await this.redis.set(WATCHING_KEY, '1', 'EX', WATCHING_TTL_SECONDS);
  }

  async anyoneWatching(): Promise<boolean> {
    return (await this.redis.exists(WATCHING_KEY)) === 1;
  }
}
