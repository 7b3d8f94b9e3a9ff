import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { KickConnectionService, KickRewardsService, KickSubscriptionsService } from '@kickback/domain';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';
import { repeatEvery } from './repeat-every';

/** Kick drops a subscription after a day of failed deliveries; this period brings it back long before anyone notices. */
export const KICK_RECONCILE_EVERY_MS = 5 * 60_000;
const JOB_OPTS = { attempts: 1, removeOnComplete: { count: 20 }, removeOnFail: { count: 50 } };

/**
 * Kick upkeep at startup and every few minutes: the subscriptions reconciled with Kick's own list (single-flight across
 * replicas by its Redis lock), the connected account's token refreshed before it expires, and the admins told once
 * when the connection nears the age at which Kick's refresh tokens die, and redemption decisions Kick missed sent again. Every replica upserts
 * the same job scheduler by id, so one replica runs each period.
 */
@Processor(QUEUES.kickUpkeep, { concurrency: 1, ...STALLED_JOB_RECOVERY })
export class KickUpkeepProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(KickUpkeepProcessor.name);

  constructor(
    private readonly subscriptions: KickSubscriptionsService,
    private readonly connection: KickConnectionService,
    private readonly rewards: KickRewardsService,
    @InjectQueue(QUEUES.kickUpkeep) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await repeatEvery(this.queue, 'kick-reconcile', KICK_RECONCILE_EVERY_MS, JOB_OPTS);
    await this.queue.add('kick-reconcile-start', {}, JOB_OPTS);
  }

  async process(): Promise<void> {
    await this.subscriptions.reconcile();
    await this.connection.refreshIfDue().catch((err: unknown) => this.logger.warn({ err }, 'Kick token refresh failed'));
    await this.connection.warnIfAging().catch((err: unknown) => this.logger.warn({ err }, 'Kick connection age check failed'));
    await this.rewards.flush().catch((err: unknown) => this.logger.warn({ err }, 'Kick redemption decisions failed'));
  }
}
