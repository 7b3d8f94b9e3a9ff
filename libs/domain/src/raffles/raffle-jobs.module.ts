import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@kickback/contracts';
import { RafflesModule } from './raffles.module';
import { RaffleScheduler } from './raffle-scheduler.service';
import { RafflesDrawsRepository } from './raffles-draws.repository';
import { RaffleWinnerNoticesHandler } from './raffle-winner-notices.handler';

/** Worker-only: the raffle-draws queue and its scheduling, and the winners' notices. The api never touches the queue. */
@Module({
  imports: [RafflesModule, BullModule.registerQueue({ name: QUEUES.raffleDraws })],
  providers: [RaffleScheduler, RafflesDrawsRepository, RaffleWinnerNoticesHandler],
  exports: [RafflesModule, RaffleScheduler],
})
export class RaffleJobsModule {}
