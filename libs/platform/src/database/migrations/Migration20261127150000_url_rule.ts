import { Migration } from '@mikro-orm/migrations';
import { URL_REFUSED, URL_RULES } from '@kickback/contracts';

/** The URL rule of the API's schemas (libs/contracts urls.ts) as a check over `column`. */
const follows = (column: string, kind: keyof typeof URL_RULES) =>
  `(${column} ~ '${URL_RULES[kind]}' and ${URL_REFUSED.map((pattern) => `${column} !~ '${pattern}'`).join(' and ')})`;

/** Every image an admin sets: an upload path or an https address. */
const IMAGES = [
  ['site_settings', 'logo_url'],
  ['affiliates', 'logo_url'],
  ['store_items', 'image_url'],
  ['raffles', 'image'],
  ['slots', 'image_url'],
] as const;

/**
 * Stored URLs follow the API's URL rule, so the database and the schemas agree: no backslash, no encoded slash before
 * the query, images never `//host`. The footer's link had a looser check of its own (`^https?://`, which
 * `https:/\host` passes in the schema's URL parser and fails here: a 500). Values that break the rule were never safe
 * to show: images are cleared and the footer link hidden before the checks are added.
 */
export class Migration20261127150000_url_rule extends Migration {
  override async up(): Promise<void> {
    for (const [table, column] of IMAGES) {
      this.addSql(`update ${table} set ${column} = null where ${column} is not null and not ${follows(column, 'image')};`);
      this.addSql(
        `alter table ${table} add constraint ${table}_${column}_url_rule check (${column} is null or ${follows(column, 'image')});`,
      );
    }
    this.addSql(`update site_settings set powered_by_url = '' where powered_by_url <> '' and not ${follows('powered_by_url', 'link')};`);
    this.addSql('alter table site_settings drop constraint if exists site_settings_powered_by_url_check;');
    this.addSql(
      `alter table site_settings add constraint site_settings_powered_by_url_rule check (powered_by_url = '' or ${follows('powered_by_url', 'link')});`,
    );
  }

  override async down(): Promise<void> {
    for (const [table, column] of IMAGES) this.addSql(`alter table ${table} drop constraint if exists ${table}_${column}_url_rule;`);
    this.addSql('alter table site_settings drop constraint if exists site_settings_powered_by_url_rule;');
    this.addSql(
      `alter table site_settings add constraint site_settings_powered_by_url_check check (powered_by_url = '' or powered_by_url ~ '^https?://');`,
    );
  }
}
