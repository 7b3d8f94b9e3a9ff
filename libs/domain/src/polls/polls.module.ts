import { Module } from '@nestjs/common';
import { SafetyModule } from '../safety/safety.module';
import { PollLivePublisher } from './poll-live.publisher';
import { PollsRepository } from './polls.repository';
import { PollsService } from './polls.service';

@Module({
  imports: [SafetyModule],
  providers: [PollLivePublisher, PollsRepository, PollsService],
  exports: [PollsService],
})
export class PollsModule {}
