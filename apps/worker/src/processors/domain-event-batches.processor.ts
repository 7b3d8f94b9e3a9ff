import { Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES, type DomainEventBatch } from '@kickback/contracts';
import { DomainEventDispatcher } from '@kickback/platform';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';

/**
 * Applies a claim's events of one batched type (the relay's domain-event-batches jobs). Few jobs run at once: each
 * already holds what many single jobs would, and the rows of one raffle's batches lock the same members.
 */
@Processor(QUEUES.domainEventBatches, { concurrency: 4, ...STALLED_JOB_RECOVERY })
export class DomainEventBatchesProcessor extends WorkerHost {
  private readonly logger = new Logger(DomainEventBatchesProcessor.name);

  constructor(private readonly dispatcher: DomainEventDispatcher) {
    super();
  }

  async process(job: Job<DomainEventBatch>): Promise<number> {
    const started = Date.now();
    const applied = await this.dispatcher.dispatchMany(job.data.events);
    this.logger.debug({ event: job.data.type, events: job.data.events.length, applied, ms: Date.now() - started }, 'events processed');
    return applied;
  }
}
