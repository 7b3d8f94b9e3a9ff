import { Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { RaceRefreshService, type RaceJob, type RaceRunOutcome } from '@kickback/domain';
import { STALLED_JOB_RECOVERY } from './stalled-job-recovery';

/** Race work: the repeating refresh, the start (snapshot) and end (final standings, winners) jobs, and the catch-up sweep. */
@Processor(QUEUES.races, { concurrency: 4, ...STALLED_JOB_RECOVERY })
export class RacesProcessor extends WorkerHost {
  private readonly logger = new Logger(RacesProcessor.name);

  constructor(private readonly races: RaceRefreshService) {
    super();
  }

  async process(job: Job<RaceJob>): Promise<RaceRunOutcome | number[]> {
    const data = job.data;
    if (data.name === 'sweep') return this.races.catchUp();
    const outcome = await this.races.run(data.raceId);
    // The start and the end must happen: meeting a run under way, they retry (BullMQ backoff) rather than wait for the sweep.
    if (outcome.status === 'busy' && data.name !== 'run')
      throw new Error(`race ${data.raceId}: a run is under way; retrying the ${data.name}`);
    this.logger.log({ raceId: data.raceId, job: data.name, outcome }, 'race run');
    return outcome;
  }
}
