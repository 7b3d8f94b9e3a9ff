import { Migration } from '@mikro-orm/migrations';

/** The win chance counts subscriber luck: the few lucky rows of a raffle are summed through this index, not a scan of every entry. */
export class Migration20261129053418_raffle_entries_luck_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index if not exists raffle_entries_lucky on raffle_entries (raffle_id) include (tickets, multiplier) where multiplier > 1;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists raffle_entries_lucky;`);
  }
}
