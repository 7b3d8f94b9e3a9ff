export * from './payout-ledger.service';
export * from './payouts.service';
export * from './payout-admin.service';
export * from './payouts.module';
export type { PayoutOpening } from './payout-opening';
