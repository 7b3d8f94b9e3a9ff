import { Migration } from '@mikro-orm/migrations';

/** The chat word that enters the raffle on stream (`!join` unless the streamer picks another). */
export class Migration20261128090000_join_keyword extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table activity_settings add column join_keyword text not null default 'join'
      constraint activity_settings_join_keyword_check check (join_keyword ~ '^[a-z0-9]{1,20}$' and join_keyword not in ('points', 'raffle'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table activity_settings drop column join_keyword;`);
  }
}
