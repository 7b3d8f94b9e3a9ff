import { Module } from '@nestjs/common';
import { SafetyModule } from '../safety/safety.module';
import { PollChatVotes } from './poll-chat-votes.service';
import { PollLivePublisher } from './poll-live.publisher';
import { PollsRepository } from './polls.repository';
import { PollsService } from './polls.service';

@Module({
  imports: [SafetyModule],
  providers: [PollChatVotes, PollLivePublisher, PollsRepository, PollsService],
  exports: [PollChatVotes, PollsService],
})
export class PollsModule {}
