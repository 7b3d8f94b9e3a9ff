import { Module } from '@nestjs/common';
import { ActivityModule } from './activity.module';
import { RafflesModule } from '../raffles/raffles.module';
import { ActivityEventsHandler } from './activity-events.handler';
import { RaffleChatAnnouncer } from './raffle-chat-announcer.handler';
import { ChatCommandsHandler } from './chat-commands.handler';

/** The worker's part: pending credits at first login, the Kick subscriptions on rule changes, chat command replies, raffle winners named in chat; its Kick upkeep job uses the exports. */
@Module({
  imports: [ActivityModule, RafflesModule],
  providers: [ActivityEventsHandler, RaffleChatAnnouncer, ChatCommandsHandler],
  exports: [ActivityModule],
})
export class ActivityJobsModule {}
