import { Migration } from '@mikro-orm/migrations';

/**
 * Overlays streamers can use: each kind's settings (position on the stage, size, theme colours, hidden fields, the
 * raffle's lines), and a sealed copy of each overlay token (SECRETS_KEY) so admins can see the URL again without
 * rotating it. The hash stays what admits an overlay; the sealed copy is read only by the admin route.
 */
export class Migration20261127184000_overlay_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table overlay_settings (
        kind varchar(20) primary key check (kind in ('hunt', 'raffle', 'tournament', 'leaderboard', 'alerts')),
        settings jsonb not null,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`alter table overlay_tokens add column token_sealed text null;`);
    this.addSql(
      `alter table overlay_tokens add constraint overlay_tokens_sealed_only_live check (token_hash is not null or token_sealed is null);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table overlay_tokens drop constraint if exists overlay_tokens_sealed_only_live;');
    this.addSql('alter table overlay_tokens drop column if exists token_sealed;');
    this.addSql('drop table if exists overlay_settings;');
  }
}
