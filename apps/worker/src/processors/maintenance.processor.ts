import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { EventRetentionService, type EventPurge } from '@kickback/platform';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';

const EVENT_RETENTION_EVERY_MS = 3600_000;

/**
 * Upkeep on a schedule: the event retention purge, hourly so that each run deletes about an hour of rows. Scheduled
 * here, by id, so every worker replica upserts the same one job scheduler and one replica runs each purge.
 */
@Processor(QUEUES.maintenance, { concurrency: 1, ...STALLED_JOB_RECOVERY })
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly retention: EventRetentionService,
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      'event-retention',
      { every: EVENT_RETENTION_EVERY_MS },
      { name: 'event-retention', opts: { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } } },
    );
  }

  async process(): Promise<EventPurge> {
    const started = Date.now();
    const purged = await this.retention.purge();
    this.logger.log({ ...purged, ms: Date.now() - started }, 'event retention purge');
    return purged;
  }
}
