import type { WorkerOptions } from 'bullmq';

/**
 * How soon a job held by a worker that died is handed to another one. BullMQ's defaults (30 s lock,
 * 30 s check, and a job needs two checks to be seen stalled) let a dead pod hold a raffle push or an
 * XP award for up to ninety seconds, longer than a stream waits. A 15 s lock renewed every 7.5 s still
 * survives any event-loop stall this process can have; a 5 s check brings the worst case to about 25 s.
 */
export const STALLED_JOB_RECOVERY: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'> = {
  lockDuration: 15_000,
  stalledInterval: 5_000,
  maxStalledCount: 2,
};
