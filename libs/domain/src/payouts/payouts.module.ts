import { Module } from '@nestjs/common';
import { PayoutsRepository } from './payouts.repository';
import { PayoutLedgerService } from './payout-ledger.service';
import { PayoutsService } from './payouts.service';
import { PayoutAdminService } from './payout-admin.service';
import { PayoutEventsHandler } from './payout-events.handler';

/** The payout ledger for the api and the worker; features that decide prizes import it to open their payouts. */
@Module({
  providers: [PayoutsRepository, PayoutLedgerService, PayoutsService, PayoutAdminService, PayoutEventsHandler],
  exports: [PayoutLedgerService, PayoutsService, PayoutAdminService],
})
export class PayoutsModule {}
