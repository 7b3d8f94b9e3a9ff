import type Redis from 'ioredis';

/** One key for every worker: the newest beat wins, so "stale" means no worker at all has beaten lately. */
export const WORKER_HEARTBEAT_KEY = 'worker:heartbeat';
/** How often a worker beats; the api calls it stale after WORKER_STALE_AFTER_MS without one. */
export const WORKER_BEAT_EVERY_MS = 15_000;
export const WORKER_STALE_AFTER_MS = 60_000;
/** Long enough to tell "stopped an hour ago" from "never started", short enough not to linger after a teardown. */
const KEY_TTL_SECONDS = 24 * 60 * 60;

export async function beatWorkerHeartbeat(redis: Redis, now: Date = new Date()): Promise<void> {
  await redis.set(WORKER_HEARTBEAT_KEY, now.toISOString(), 'EX', KEY_TTL_SECONDS);
}

export type WorkerState = 'up' | 'stale' | 'unknown';

export interface WorkerHeartbeatStatus {
  status: WorkerState;
  last_beat_at: string | null;
}

/** "unknown": no worker has beaten within the key's lifetime (never started, or Redis was emptied). */
export async function readWorkerHeartbeat(redis: Redis, now: Date = new Date()): Promise<WorkerHeartbeatStatus> {
  const raw = await redis.get(WORKER_HEARTBEAT_KEY);
  const at = raw ? Date.parse(raw) : NaN;
  if (Number.isNaN(at)) return { status: 'unknown', last_beat_at: null };
  return { status: now.getTime() - at > WORKER_STALE_AFTER_MS ? 'stale' : 'up', last_beat_at: new Date(at).toISOString() };
}
