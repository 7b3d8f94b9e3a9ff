import { Migration } from '@mikro-orm/migrations';

/** The footer's 'Powered by' link becomes a setting; the values it had in code are the defaults. */
export class Migration20261124000000_site_powered_by extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table site_settings
        add column powered_by_label varchar(60) not null default 'Kickback',
        add column powered_by_url varchar(500) not null default 'https://kick.com'
          check (powered_by_url = '' or powered_by_url ~ '^https?://');`);
  }
}
