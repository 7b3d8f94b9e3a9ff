import { Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES, type DomainEvent } from '@kickback/contracts';
import { DomainEventDispatcher } from '@kickback/platform';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';

/** Decodes a relayed outbox event and hands it to every registered handler. */
@Processor(QUEUES.domainEvents, { concurrency: 16, ...STALLED_JOB_RECOVERY })
export class DomainEventsProcessor extends WorkerHost {
  private readonly logger = new Logger(DomainEventsProcessor.name);

  constructor(private readonly dispatcher: DomainEventDispatcher) {
    super();
  }

  async process(job: Job<DomainEvent>): Promise<number> {
    const started = Date.now();
    const applied = await this.dispatcher.dispatch(job.data);
    this.logger.debug({ event: job.data.type, id: job.data.id, applied, ms: Date.now() - started }, 'event processed');
    return applied;
  }
}
