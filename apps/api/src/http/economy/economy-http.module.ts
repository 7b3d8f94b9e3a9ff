import { Module } from '@nestjs/common';
import { EconomyModule, IdentityModule, ProgressionModule } from '@kickback/domain';
import { AdminUsersController } from './admin-users.controller';
import { PointsController } from './points.controller';

/** A member's points history and standing (balance and level, for the header); the admin's users list, ledgers and point adjustments. */
@Module({
  imports: [EconomyModule, IdentityModule, ProgressionModule],
  controllers: [PointsController, AdminUsersController],
})
export class EconomyHttpModule {}
