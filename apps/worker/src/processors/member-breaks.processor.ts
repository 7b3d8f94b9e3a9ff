import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { BreakReleaseScheduler, type BreakJob } from '@kickback/domain';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';

/** Ends members' breaks at their time (docs/responsible-gambling.md). */
@Processor(QUEUES.memberBreaks, { concurrency: 2, ...STALLED_JOB_RECOVERY })
export class MemberBreaksProcessor extends WorkerHost {
  constructor(private readonly breaks: BreakReleaseScheduler) {
    super();
  }

  process(job: Job<BreakJob>): Promise<{ ended: number }> {
    return this.breaks.run(job.data);
  }
}
