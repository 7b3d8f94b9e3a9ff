import { Migration } from '@mikro-orm/migrations';

/** Entries of a member who deleted their account, taken out of raffles not yet drawn, are kept with the reason 'account-deleted'. */
export class Migration20261129053417_void_reason_account_deleted extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table raffle_entry_voids drop constraint if exists raffle_entry_voids_reason_check;`);
    this.addSql(
      `alter table raffle_entry_voids add constraint raffle_entry_voids_reason_check check (reason in ('kick-ban', 'site-ban', 'rules', 'account-deleted'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from raffle_entry_voids where reason = 'account-deleted';`);
    this.addSql(`alter table raffle_entry_voids drop constraint if exists raffle_entry_voids_reason_check;`);
    this.addSql(
      `alter table raffle_entry_voids add constraint raffle_entry_voids_reason_check check (reason in ('kick-ban', 'site-ban', 'rules'));`,
    );
  }
}
