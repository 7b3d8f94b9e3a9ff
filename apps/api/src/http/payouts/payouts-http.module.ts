import { Module } from '@nestjs/common';
import { PayoutsModule } from '@kickback/domain';
import { AdminPayoutsController } from './admin-payouts.controller';
import { AdminPayoutsOverdueController } from './admin-payouts-overdue.controller';
import { PayoutsController } from './payouts.controller';

/** The payout ledger: the public page, a member's prizes, the admin's queue and Go live's overdue flag. */
@Module({
  imports: [PayoutsModule],
  controllers: [PayoutsController, AdminPayoutsController, AdminPayoutsOverdueController],
})
export class PayoutsHttpModule {}
