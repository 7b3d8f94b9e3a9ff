import { Migration } from '@mikro-orm/migrations';

/**
 * Points imported from another loyalty tool: one row per batch and one per Kick name in it. A row with no member yet
 * waits (credited_at null) until a member with that Kick name logs in. One applied batch per content: the partial
 * unique index is what makes re-applying the same file change nothing, and a rolled-back file can be imported again.
 */
export class Migration20261127182000_points_imports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table points_imports (
        id serial primary key,
        format varchar(20) not null check (format in ('streamelements', 'csv')),
        content_sha256 char(64) not null,
        status varchar(12) not null default 'applied' check (status in ('applied', 'rolled_back')),
        rows_count integer not null,
        total_points bigint not null,
        total_watch_minutes bigint not null,
        created_by integer null references users (id) on delete set null,
        created_at timestamptz not null default now(),
        rolled_back_by integer null references users (id) on delete set null,
        rolled_back_at timestamptz null
      );`);
    this.addSql(`create unique index points_imports_applied_content on points_imports (content_sha256) where status = 'applied';`);
    this.addSql(`
      create table points_import_rows (
        id bigserial primary key,
        import_id integer not null references points_imports (id) on delete cascade,
        kick_name varchar(64) not null,
        points bigint not null check (points > 0),
        watch_minutes integer null check (watch_minutes >= 0),
        user_id integer null references users (id) on delete set null,
        credited_at timestamptz null,
        unique (import_id, kick_name)
      );`);
    this.addSql(`comment on column points_import_rows.kick_name is 'lower-case Kick username, the match key';`);
    this.addSql(`create index points_import_rows_waiting on points_import_rows (kick_name) where credited_at is null;`);
    this.addSql(`create index users_kick_username_lower on users (lower(kick_username));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists users_kick_username_lower;');
    this.addSql('drop table if exists points_import_rows, points_imports;');
  }
}
