import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { AppConfig } from '../config/app-config';
import { FAILED_JOB_KEEP_MS } from '../queue/failed-job-age';
import { OutboxEventsRepository } from './outbox-events.repository';

/** Ids per delete statement (at most as many rows): each commits on its own, so a purge holds no long transaction. */
const PURGE_CHUNK = 5_000;

export interface EventPurge {
  failedJobs: number;
  outboxEvents: number;
  processedEvents: number;
}

/**
 * Deletes what the event bus no longer needs: outbox rows relayed longer ago than the retention, and the
 * processed-event rows of those events that were also written that long ago. A processed row is what makes a
 * redelivered event apply once, and a redelivery comes from a retried failed job at the latest, so failed event jobs
 * older than FAILED_JOB_KEEP_MS are removed first: after that no job can bring back an event whose rows go.
 *
 * Neither table has an index on time. Outbox ids grow with time, so the purge finds the first row that is unrelayed
 * or recent by walking the primary key from the start (after the previous purge, about one interval of rows) and
 * deletes below it by key range; processed rows are reached per consumer through their primary key.
 */
@Injectable()
export class EventRetentionService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
    @InjectQueue(QUEUES.domainEvents) private readonly events: Queue,
    @InjectQueue(QUEUES.domainEventBatches) private readonly batches: Queue,
    private readonly repository: OutboxEventsRepository,
  ) {}

  async purge(chunk = PURGE_CHUNK): Promise<EventPurge> {
    let failedJobs = 0;
    for (const queue of [this.events, this.batches]) failedJobs += (await queue.clean(FAILED_JOB_KEEP_MS, 0, 'failed')).length;

    const em = this.em.fork();
    const cutoff = await this.repository.retentionCutoff(em, this.config.env.EVENT_RETENTION_DAYS);
    const bound = await this.repository.firstKeptId(em, cutoff);
    if (bound === null) return { failedJobs, outboxEvents: 0, processedEvents: 0 };

    const outboxEvents = await deleteByIdRange(await this.repository.lowestOutboxId(em), bound, chunk, (from, to) =>
      this.repository.deleteRelayed(em, from, to, cutoff),
    );
    let processedEvents = 0;
    for (const consumer of await this.repository.consumers(em))
      processedEvents += await deleteByIdRange(await this.repository.lowestProcessedId(em, consumer), bound, chunk, (from, to) =>
        this.repository.deleteProcessed(em, consumer, from, to, cutoff),
      );
    return { failedJobs, outboxEvents, processedEvents };
  }
}

/**
 * Deletes by consecutive key ranges of `chunk` ids from the lowest up to the bound. Each statement reads only its own
 * range, where a delete of the next `chunk` rows by `order by … limit` would first walk past every row the previous
 * statements deleted (the backlog purge took three times as long that way; docs/performance/history.md, "Event retention").
 */
async function deleteByIdRange(
  lowest: number | null,
  bound: number,
  chunk: number,
  deleteRange: (from: number, to: number) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (let from = lowest ?? bound; from < bound; from += chunk) total += await deleteRange(from, Math.min(from + chunk, bound));
  return total;
}
