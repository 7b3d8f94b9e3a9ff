import { Module } from '@nestjs/common';
import { ProgressionModule, SocialModule } from '@kickback/domain';
import { AdminAchievementsController } from './admin-achievements.controller';
import { AdminBadgesController } from './admin-badges.controller';
import { AdminUserProgressionController } from './admin-user-progression.controller';
import { ProfilesController } from './profiles.controller';

/** Public profiles and the admin side of progression (achievements, badges, a member's XP ledger and badges). */
@Module({
  imports: [SocialModule, ProgressionModule],
  controllers: [ProfilesController, AdminAchievementsController, AdminBadgesController, AdminUserProgressionController],
})
export class ProfilesHttpModule {}
