import { Migration } from '@mikro-orm/migrations';

/**
 * One token per OBS overlay kind, stored as its SHA-256 (tokens are 256-bit random, so a plain hash is enough
 * and a leaked table opens no overlay). Rotating replaces the hash; revoking keeps the row with revoked_at.
 */
export class Migration20261124120001_overlay_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table overlay_tokens (
        kind varchar(20) primary key check (kind in ('hunt', 'raffle', 'tournament', 'leaderboard', 'alerts')),
        token_hash char(64) null unique,
        issued_at timestamptz not null default now(),
        revoked_at timestamptz null,
        check ((token_hash is null) = (revoked_at is not null))
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists overlay_tokens;');
  }
}
