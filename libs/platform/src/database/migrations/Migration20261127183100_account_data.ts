import { Migration } from '@mikro-orm/migrations';

/**
 * Member data rights. A member's data archive is built by the worker into `account_exports` (gzipped JSON, kept in
 * PostgreSQL so any api replica can serve it, deleted when it expires); at most one is being built per member.
 * A deleted account keeps its row, pseudonymised (`deleted_at`), so ledgers, draws and leaderboards stay whole.
 */
export class Migration20261127183100_account_data extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users add column deleted_at timestamptz null;');
    this.addSql(`
      create table account_exports (
        id serial primary key,
        user_id integer not null references users (id) on delete cascade,
        status varchar(10) not null default 'pending' check (status in ('pending', 'ready', 'failed')),
        archive bytea null,
        archive_bytes integer null,
        requested_at timestamptz not null default now(),
        ready_at timestamptz null,
        expires_at timestamptz null,
        check ((status = 'ready') = (ready_at is not null))
      );`);
    this.addSql('create index account_exports_user on account_exports (user_id, id desc);');
    this.addSql(`create unique index account_exports_one_pending on account_exports (user_id) where status = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists account_exports;');
    this.addSql('alter table users drop column if exists deleted_at;');
  }
}
