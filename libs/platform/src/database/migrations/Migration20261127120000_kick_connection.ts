import { Migration } from '@mikro-orm/migrations';

/**
 * The Kick account the streamer connected (one row): its tokens sealed with SECRETS_KEY, the scopes Kick granted and
 * why chat replies are off when they are. activity_subscriptions records when Kick's own list was last read.
 */
export class Migration20261127120000_kick_connection extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table kick_connection (
        id smallint primary key default 1 check (id = 1),
        kick_user_id bigint not null,
        username varchar(64) not null,
        scopes varchar(500) not null,
        access_token_enc text not null,
        refresh_token_enc text null,
        expires_at timestamptz not null,
        chat_error varchar(300) null,
        connected_by int null references users (id) on delete set null,
        connected_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      alter table activity_subscriptions add column checked_at timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists kick_connection; alter table activity_subscriptions drop column if exists checked_at;');
  }
}
