import { Migration } from '@mikro-orm/migrations';

/**
 * Claim windows (issue #37): a raffle may give each winner a time to claim; an unclaimed prize passes to the next user
 * of the draw order, as a reroll does (rerolled_at set, rerolled_by null, unclaimed true), so the verify answer's
 * rerolled_positions replays admin rerolls and passes alike.
 */
export class Migration20261127182000_raffle_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table raffles add column claim_window_minutes integer null check (claim_window_minutes between 1 and 10080);
      alter table raffle_winners
        add column claim_deadline timestamptz null,
        add column claimed_at timestamptz null,
        add column unclaimed boolean not null default false;
      create index raffle_winners_claims_due on raffle_winners (claim_deadline) where rerolled_at is null and claimed_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists raffle_winners_claims_due;
      alter table raffle_winners drop column if exists claim_deadline, drop column if exists claimed_at, drop column if exists unclaimed;
      alter table raffles drop column if exists claim_window_minutes;`);
  }
}
