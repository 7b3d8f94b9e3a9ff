import { Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { ContestsService, type ContestRefundJob } from '@kickback/domain';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';

/** The 24 h auto-refund of a contest nobody resolved (docs/contests.md). */
@Processor(QUEUES.contestRefunds, { concurrency: 2, ...STALLED_JOB_RECOVERY })
export class ContestRefundsProcessor extends WorkerHost {
  private readonly logger = new Logger(ContestRefundsProcessor.name);

  constructor(private readonly contests: ContestsService) {
    super();
  }

  async process(job: Job<ContestRefundJob>): Promise<{ refunded: boolean }> {
    const refunded = await this.contests.refundIfOverdue(job.data.contestId);
    this.logger.log({ contestId: job.data.contestId, refunded }, 'contest refund job');
    return { refunded };
  }
}
