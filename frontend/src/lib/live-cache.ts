import type { ServerToClientEvents } from '@kickback/contracts';
import { joinRoom, onServerEvent } from './socket';

/** What a live cache entry may do once its data is there: join rooms and listen to their pushes. */
export interface LiveEntry<T> {
  /** The data as first loaded (rooms that depend on it are chosen from here). */
  data: T;
  /** Joins a room for as long as the cache entry lives (null joins nothing). */
  join(room: string | null): void;
  /** Listens to a server event for as long as the cache entry lives. */
  on<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void;
}

interface CacheLifecycle<T> {
  cacheDataLoaded: Promise<{ data: T }>;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * The one way a cached query follows its live rooms, used inside RTK Query's onCacheEntryAdded: the rooms are
 * joined and their events subscribed together when the data has loaded, and both are released when the cache
 * entry goes. No screen joins rooms itself, so no screen can show a cache entry that does not update live.
 */
export async function followLive<T>(lifecycle: CacheLifecycle<T>, setup: (live: LiveEntry<T>) => void): Promise<void> {
  let data: T;
  try {
    ({ data } = await lifecycle.cacheDataLoaded);
  } catch {
    // Removed before its data arrived: nothing was joined.
    return;
  }
  const releases: (() => void)[] = [];
  setup({
    data,
    join: (room) => {
      if (room) releases.push(joinRoom(room));
    },
    on: (event, handler) => {
      releases.push(onServerEvent(event, handler));
    },
  });
  await lifecycle.cacheEntryRemoved;
  for (const release of releases.reverse()) release();
}
