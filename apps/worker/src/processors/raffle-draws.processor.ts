import { Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { DRAW_RETRY_WINDOW_MS, RaffleDrawService, RaffleLivePublisher, type RaffleJob } from '@kickback/domain';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';

/** Timed raffle work: the start push, the draw at the end time, passing unclaimed prizes on, and the catch-up sweep. */
@Processor(QUEUES.raffleDraws, { concurrency: 4, ...STALLED_JOB_RECOVERY })
export class RaffleDrawsProcessor extends WorkerHost {
  private readonly logger = new Logger(RaffleDrawsProcessor.name);

  constructor(
    private readonly draws: RaffleDrawService,
    private readonly live: RaffleLivePublisher,
  ) {
    super();
  }

  async process(job: Job<RaffleJob>): Promise<unknown> {
    const data = job.data;
    if (data.name === 'start') return this.live.statusChanged(data.raffleId);
    if (data.name === 'draw') {
      const outcome = await this.draws.drawIfDue(data.raffleId);
      // Fired a moment early (clock skew): fail so BullMQ retries shortly, rather than waiting for the sweep.
      if (!outcome.drawn && outcome.reason === 'not-due' && outcome.endsInMs < DRAW_RETRY_WINDOW_MS)
        throw new Error(`raffle ${data.raffleId} ends in ${outcome.endsInMs} ms; retrying`);
      this.logger.log({ raffleId: data.raffleId, outcome }, 'raffle draw job');
      return outcome;
    }
    if (data.name === 'claims') return this.draws.passUnclaimed(data.raffleId);
    return { drawn: await this.draws.drawAllDue(), passed: await this.draws.passAllUnclaimed() };
  }
}
