import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { AppConfig, EventRetentionService, type EventPurge } from '@kickback/platform';
import {
  AccountExportService,
  KickLivePollService,
  KickMessageRetentionService,
  LIVE_POLL_EVERY_MS,
  type LivePollResult,
} from '@kickback/domain';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';
import { repeatEvery } from './repeat-every';

const EVENT_RETENTION_EVERY_MS = 3600_000;
const KICK_MESSAGE_RETENTION_EVERY_MS = 3600_000;
/** Members' data archives are deleted within this of their expiry. */
const ACCOUNT_EXPORT_PURGE_EVERY_MS = 15 * 60_000;
const JOB_OPTS = { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } };

/**
 * Upkeep on a schedule: the event retention purge and the Kick message-id purge, hourly so that each run deletes
 * about an hour of rows, expired data archives every quarter hour, and the live-state poll of Kick's API every minute (when the app may call Kick,
 * KICK_EVENTS_SUBSCRIBE). Scheduled here, by id, so every worker replica upserts the same job schedulers and one
 * replica runs each job.
 */
@Processor(QUEUES.maintenance, { concurrency: 1, ...STALLED_JOB_RECOVERY })
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly retention: EventRetentionService,
    private readonly kickMessages: KickMessageRetentionService,
    private readonly livePoll: KickLivePollService,
    private readonly accountExports: AccountExportService,
    private readonly config: AppConfig,
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await repeatEvery(this.queue, 'event-retention', EVENT_RETENTION_EVERY_MS, JOB_OPTS);
    await repeatEvery(this.queue, 'kick-message-retention', KICK_MESSAGE_RETENTION_EVERY_MS, JOB_OPTS);
    await repeatEvery(this.queue, 'account-export-purge', ACCOUNT_EXPORT_PURGE_EVERY_MS, JOB_OPTS);
    if (this.config.env.KICK_EVENTS_SUBSCRIBE) await repeatEvery(this.queue, 'kick-live-poll', LIVE_POLL_EVERY_MS, JOB_OPTS);
    else await this.queue.removeJobScheduler('kick-live-poll');
  }

  async process(job: Job): Promise<EventPurge | LivePollResult | number> {
    if (job.name === 'kick-live-poll') return this.livePoll.poll();
    if (job.name === 'account-export-purge') return this.accountExports.purgeExpired();
    if (job.name === 'kick-message-retention') {
      const purged = await this.kickMessages.purge();
      this.logger.log({ purged }, 'Kick message id purge');
      return purged;
    }
    const started = Date.now();
    const purged = await this.retention.purge();
    this.logger.log({ ...purged, ms: Date.now() - started }, 'event retention purge');
    return purged;
  }
}
