import { Migration } from '@mikro-orm/migrations';

/**
 * Entries taken out because their member no longer meets the raffle's entry rules (the admin applies the rules, or
 * rules added later, to the entrants before the draw) are kept with the reason 'rules'.
 */
export class Migration20261128120000_void_reason_rules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table raffle_entry_voids drop constraint if exists raffle_entry_voids_reason_check;`);
    this.addSql(
      `alter table raffle_entry_voids add constraint raffle_entry_voids_reason_check check (reason in ('kick-ban', 'site-ban', 'rules'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from raffle_entry_voids where reason = 'rules';`);
    this.addSql(`alter table raffle_entry_voids drop constraint if exists raffle_entry_voids_reason_check;`);
    this.addSql(
      `alter table raffle_entry_voids add constraint raffle_entry_voids_reason_check check (reason in ('kick-ban', 'site-ban'));`,
    );
  }
}
