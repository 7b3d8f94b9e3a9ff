import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@kickback/contracts';
import { ContestRefundScheduler } from './contest-refund.scheduler';
import { ContestsModule } from './contests.module';

/** Worker-only: the contest-refunds queue and its scheduling. The api never touches the queue. */
@Module({
  imports: [ContestsModule, BullModule.registerQueue({ name: QUEUES.contestRefunds })],
  providers: [ContestRefundScheduler],
  exports: [ContestsModule],
})
export class ContestJobsModule {}
