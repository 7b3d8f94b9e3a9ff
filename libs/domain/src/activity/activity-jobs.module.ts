import { Module } from '@nestjs/common';
import { ActivityModule } from './activity.module';
import { ActivityEventsHandler } from './activity-events.handler';

/** The worker's part: pending credits at first login, and the Kick subscriptions at startup and on rule changes. */
@Module({
  imports: [ActivityModule],
  providers: [ActivityEventsHandler],
})
export class ActivityJobsModule {}
