import { Migration } from '@mikro-orm/migrations';

/** Tokens of the read API: SHA-256 only (the token is shown once), scopes, revocation. */
export class Migration20261127183000_read_api_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table read_api_tokens (
        id serial primary key,
        name varchar(60) not null,
        token_sha256 char(64) not null unique,
        prefix varchar(12) not null,
        scopes text[] not null check (
          cardinality(scopes) > 0 and scopes <@ array['leaderboard', 'raffles', 'winners', 'hunts', 'tournaments']::text[]
        ),
        created_by integer null references users (id) on delete set null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz null,
        revoked_by integer null references users (id) on delete set null,
        revoked_at timestamptz null
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists read_api_tokens;');
  }
}
