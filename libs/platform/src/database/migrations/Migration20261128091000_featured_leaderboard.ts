import { Migration } from '@mikro-orm/migrations';

/** The leaderboard on stream joins featured_items (item_id: a leaderboard platform); the overlay and Go live follow it. */
export class Migration20261128091000_featured_leaderboard extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table featured_items drop constraint if exists featured_items_kind_check;`);
    this.addSql(
      `alter table featured_items add constraint featured_items_kind_check check (kind in ('raffle', 'tournament', 'leaderboard'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from featured_items where kind = 'leaderboard';`);
    this.addSql(`alter table featured_items drop constraint if exists featured_items_kind_check;`);
    this.addSql(`alter table featured_items add constraint featured_items_kind_check check (kind in ('raffle', 'tournament'));`);
  }
}
