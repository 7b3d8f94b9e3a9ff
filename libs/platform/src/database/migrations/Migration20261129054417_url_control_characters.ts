import { Migration } from '@mikro-orm/migrations';
import { URL_REFUSED, URL_RULES } from '@kickback/contracts';

/** What the rule refused before this migration (backslash; an encoded slash or backslash before the query). */
const EARLIER_REFUSED = ['\\\\', '^[^?#]*%(2[fF]|5[cC])'] as const;

/** The URL rule (libs/contracts urls.ts, or the earlier refusals going down) as a check over `column`. */
const follows = (column: string, kind: keyof typeof URL_RULES, refused: readonly string[] = URL_REFUSED) =>
  `(${column} ~ '${URL_RULES[kind]}' and ${refused.map((pattern) => `${column} !~ '${pattern}'`).join(' and ')})`;

/** Every image an admin sets: an upload path or an https address. */
const IMAGES = [
  ['site_settings', 'logo_url'],
  ['affiliates', 'logo_url'],
  ['store_items', 'image_url'],
  ['raffles', 'image'],
  ['slots', 'image_url'],
] as const;

/**
 * The URL rule now refuses whitespace and control characters anywhere (`/\t/evil.example/x.png` loaded
 * `//evil.example/x.png`) and encoded control characters before the query. The checks are rebuilt from the current
 * rule; stored values that break it were never safe to show: images are cleared and the footer link hidden first.
 */
export class Migration20261129054417_url_control_characters extends Migration {
  override async up(): Promise<void> {
    this.addChecks(URL_REFUSED);
  }

  override async down(): Promise<void> {
    this.addChecks(EARLIER_REFUSED);
  }

  private addChecks(refused: readonly string[]): void {
    for (const [table, column] of IMAGES) {
      this.addSql(`alter table ${table} drop constraint if exists ${table}_${column}_url_rule;`);
      this.addSql(`update ${table} set ${column} = null where ${column} is not null and not ${follows(column, 'image', refused)};`);
      this.addSql(
        `alter table ${table} add constraint ${table}_${column}_url_rule check (${column} is null or ${follows(column, 'image', refused)});`,
      );
    }
    this.addSql('alter table site_settings drop constraint if exists site_settings_powered_by_url_rule;');
    const link = follows('powered_by_url', 'link', refused);
    this.addSql(`update site_settings set powered_by_url = '' where powered_by_url <> '' and not ${link};`);
    this.addSql(`alter table site_settings add constraint site_settings_powered_by_url_rule check (powered_by_url = '' or ${link});`);
  }
}
