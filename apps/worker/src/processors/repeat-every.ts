import type { JobsOptions, Queue } from 'bullmq';

/**
 * A job repeated every `every` ms, its scheduler and its jobs under one name. Every worker replica upserts the same
 * scheduler by that id at startup, so one replica runs each period however many there are.
 */
export function repeatEvery(queue: Queue, name: string, every: number, opts: JobsOptions): Promise<unknown> {
  return queue.upsertJobScheduler(name, { every }, { name, opts });
}
