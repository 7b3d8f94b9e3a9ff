import { Module } from '@nestjs/common';
import { ActivityModule } from './activity.module';
import { ActivityEventsHandler } from './activity-events.handler';

/** The worker's part: pending credits at first login, the Kick subscriptions on rule changes; its Kick upkeep job uses the exports. */
@Module({
  imports: [ActivityModule],
  providers: [ActivityEventsHandler],
  exports: [ActivityModule],
})
export class ActivityJobsModule {}
