import { Migration } from '@mikro-orm/migrations';

/** The tournament on stream joins the raffle in featured_items (the bracket overlay and Go live follow it). */
export class Migration20261127184600_featured_tournament extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table featured_items drop constraint if exists featured_items_kind_check;`);
    this.addSql(`alter table featured_items add constraint featured_items_kind_check check (kind in ('raffle', 'tournament'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from featured_items where kind <> 'raffle';`);
    this.addSql(`alter table featured_items drop constraint if exists featured_items_kind_check;`);
    this.addSql(`alter table featured_items add constraint featured_items_kind_check check (kind in ('raffle'));`);
  }
}
