import { Module } from '@nestjs/common';
import { IdentityModule } from '@kickback/domain';
import { AdminUserStandingController } from './admin-user-standing.controller';

/** Members' standing for admins: user detail, role changes, bans. */
@Module({
  imports: [IdentityModule],
  controllers: [AdminUserStandingController],
})
export class IdentityHttpModule {}
