import { Module } from '@nestjs/common';
import { EconomyModule, IdentityModule } from '@kickback/domain';
import { AdminUsersController } from './admin-users.controller';
import { PointsController } from './points.controller';

/** A member's points history; the admin's users list, ledgers and point adjustments. */
@Module({
  imports: [EconomyModule, IdentityModule],
  controllers: [PointsController, AdminUsersController],
})
export class EconomyHttpModule {}
