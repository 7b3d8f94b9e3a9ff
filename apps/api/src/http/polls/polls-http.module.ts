import { Module } from '@nestjs/common';
import { PollsModule } from '@kickback/domain';
import { AdminPollsController } from './admin-polls.controller';
import { PollsController } from './polls.controller';

/** Stream polls: the site's view and votes, and Go live's controls. */
@Module({
  imports: [PollsModule],
  controllers: [PollsController, AdminPollsController],
})
export class PollsHttpModule {}
