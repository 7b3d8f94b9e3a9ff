import { Module } from '@nestjs/common';
import { LeaderboardModule } from '@kickback/domain';
import { AdminLeaderboardController } from './admin-leaderboard.controller';
import { LeaderboardController } from './leaderboard.controller';
import { ViewerSafetyModule } from '../safety/viewer-safety.module';

/** The wager leaderboard and past periods; the admin's platforms, sources and CSV imports. */
@Module({
  imports: [LeaderboardModule, ViewerSafetyModule],
  controllers: [LeaderboardController, AdminLeaderboardController],
})
export class LeaderboardHttpModule {}
