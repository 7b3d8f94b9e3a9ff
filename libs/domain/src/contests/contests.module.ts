import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { ContestLivePublisher } from './contest-live.publisher';
import { ContestTemplatesService } from './contest-templates.service';
import { ContestsRepository } from './contests.repository';
import { ContestsService } from './contests.service';
import { MemberGamblingStanding } from './member-gambling-standing';

@Module({
  imports: [EconomyModule],
  providers: [ContestLivePublisher, ContestsRepository, ContestsService, ContestTemplatesService, MemberGamblingStanding],
  exports: [ContestsService, ContestTemplatesService],
})
export class ContestsModule {}
