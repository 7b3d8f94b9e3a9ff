import { Module } from '@nestjs/common';
import { LeaderboardModule } from '@kickback/domain';
import { AdminLeaderboardController } from './admin-leaderboard.controller';
import { LeaderboardController } from './leaderboard.controller';

/** The wager leaderboard and past periods; the admin's platforms, sources and CSV imports. */
@Module({
  imports: [LeaderboardModule],
  controllers: [LeaderboardController, AdminLeaderboardController],
})
export class LeaderboardHttpModule {}
