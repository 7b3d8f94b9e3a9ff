import { Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { LeaderboardRefreshService, type LeaderboardRefreshJob, type RefreshOutcome } from '@kickback/domain';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';

/** One scheduled refresh of one platform's leaderboard. */
@Processor(QUEUES.leaderboardRefresh, { concurrency: 4, ...STALLED_JOB_RECOVERY })
export class LeaderboardRefreshProcessor extends WorkerHost {
  private readonly logger = new Logger(LeaderboardRefreshProcessor.name);

  constructor(private readonly refresher: LeaderboardRefreshService) {
    super();
  }

  async process(job: Job<LeaderboardRefreshJob>): Promise<RefreshOutcome> {
    const started = Date.now();
    const outcome = await this.refresher.refresh(job.data.platformId, 'schedule');
    // A scheduled run that meets another one has nothing to add; a run after a change must still happen (BullMQ retries).
    if (outcome.status === 'busy' && job.data.afterChange)
      throw new Error(`leaderboard ${job.data.platformId}: another refresh is under way; retrying after the change`);
    this.logger.log(
      { platformId: job.data.platformId, status: outcome.status, archived: outcome.archived, ms: Date.now() - started },
      'leaderboard refreshed',
    );
    return outcome;
  }
}
