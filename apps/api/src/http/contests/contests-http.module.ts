import { Module } from '@nestjs/common';
import { ContestsModule } from '@kickback/domain';
import { AdminContestTemplatesController } from './admin-contest-templates.controller';
import { AdminContestsController } from './admin-contests.controller';
import { ContestsController } from './contests.controller';

/** Stream contests: the site's view and stakes, Go live's controls and the admin's templates. */
@Module({
  imports: [ContestsModule],
  controllers: [ContestsController, AdminContestsController, AdminContestTemplatesController],
})
export class ContestsHttpModule {}
