import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@kickback/contracts';
import { BreakReleaseScheduler } from './break-release.scheduler';
import { SafetyModule } from './safety.module';

/** Worker-only: the member-breaks queue, the end of each break at its time, telling the member, and closing their live rooms. */
@Module({
  imports: [SafetyModule, BullModule.registerQueue({ name: QUEUES.memberBreaks })],
  providers: [BreakReleaseScheduler],
  exports: [SafetyModule, BreakReleaseScheduler],
})
export class SafetyJobsModule {}
