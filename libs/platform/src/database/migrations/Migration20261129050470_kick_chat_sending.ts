import { Migration } from '@mikro-orm/migrations';

/**
 * How chat replies go out and how they fare: `chat_as` is the admin's choice of Kick chat type ('user' posts as the
 * connected account into the channel; 'bot' as the app's bot account), and the Kick connection screen's record of
 * sends: how many failed since the account was connected, the last failure and when, and the last that reached chat.
 */
export class Migration20261129050470_kick_chat_sending extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table kick_connection
        add column if not exists chat_as varchar(4) not null default 'user' check (chat_as in ('user', 'bot')),
        add column if not exists chat_failures integer not null default 0 check (chat_failures >= 0),
        add column if not exists chat_last_failure varchar(300),
        add column if not exists chat_failed_at timestamptz,
        add column if not exists chat_sent_at timestamptz;`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table kick_connection drop column if exists chat_as, drop column if exists chat_failures, drop column if exists chat_last_failure, drop column if exists chat_failed_at, drop column if exists chat_sent_at;',
    );
  }
}
