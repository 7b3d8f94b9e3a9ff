import { Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { AnnouncementRaffleStartService, AnnouncementSenderService, type AnnouncementJob } from '@kickback/domain';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';

/**
 * Announcement deliveries and raffle-start fan-outs. A delivery that must wait for Discord's rate limit is moved back
 * to delayed (not counted as a failed attempt); one that failed in a way worth retrying throws, and BullMQ retries it
 * with exponential backoff until its last attempt, which the sender records as failed.
 */
@Processor(QUEUES.announcements, { concurrency: 4, ...STALLED_JOB_RECOVERY })
export class AnnouncementsProcessor extends WorkerHost {
  constructor(
    private readonly sender: AnnouncementSenderService,
    private readonly raffleStart: AnnouncementRaffleStartService,
  ) {
    super();
  }

  async process(job: Job<AnnouncementJob>, token?: string): Promise<unknown> {
    const data = job.data;
    if (data.name === 'raffle-started') return this.raffleStart.started(data.raffleId, data.startsAt);
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const result = await this.sender.send(data.deliveryId, lastAttempt);
    if ('waitMs' in result) {
      await job.moveToDelayed(Date.now() + result.waitMs, token);
      throw new DelayedError();
    }
    if ('retry' in result) throw new Error(result.retry);
    return 'done';
  }
}
