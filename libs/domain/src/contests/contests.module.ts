import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { ContestChatBets } from './contest-chat-bets.service';
import { ContestLivePublisher } from './contest-live.publisher';
import { ContestTemplatesRepository } from './contest-templates.repository';
import { ContestTemplatesService } from './contest-templates.service';
import { ContestsRepository } from './contests.repository';
import { ContestsService } from './contests.service';
import { SafetyModule } from '../safety/safety.module';

@Module({
  imports: [EconomyModule, SafetyModule],
  providers: [
    ContestChatBets,
    ContestLivePublisher,
    ContestsRepository,
    ContestsService,
    ContestTemplatesRepository,
    ContestTemplatesService,
  ],
  exports: [ContestChatBets, ContestsService, ContestTemplatesService],
})
export class ContestsModule {}
