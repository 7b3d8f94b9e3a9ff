import { Migration } from '@mikro-orm/migrations';

/** What the admin put "on stream", one row per kind (raffles so far); the overlays, Go live and chat commands follow it. */
export class Migration20261127160000_featured_items extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table featured_items (
        kind varchar(16) primary key check (kind in ('raffle')),
        item_id integer not null,
        updated_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists featured_items;');
  }
}
