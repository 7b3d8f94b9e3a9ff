import { Migration } from '@mikro-orm/migrations';

/**
 * The stream's title and category as Kick last gave them (livestream.status.updated carries the title,
 * livestream.metadata.updated both), shown on the home page; `metadata_as_of` orders metadata deliveries.
 */
export class Migration20261129050417_live_stream_metadata extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table activity_live_state
        add column stream_title text check (char_length(stream_title) <= 300),
        add column stream_category text check (char_length(stream_category) <= 200),
        add column metadata_as_of timestamptz;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table activity_live_state drop column stream_title, drop column stream_category, drop column metadata_as_of;`);
  }
}
