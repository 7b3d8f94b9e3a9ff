import { Migration } from '@mikro-orm/migrations';

/** Points: one balance row per user plus the append-only ledger that explains it. */
export class Migration20261122010000_economy extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table wallets (
        user_id integer primary key references users (id) on delete cascade,
        balance bigint not null default 0 check (balance >= 0),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table points_ledger (
        id bigserial primary key,
        user_id integer not null references users (id) on delete cascade,
        delta bigint not null check (delta <> 0),
        reason varchar(60) not null,
        reference varchar(120) null,
        idempotency_key varchar(160) not null unique,
        actor_id integer null references users (id) on delete set null,
        note varchar(300) null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index points_ledger_user on points_ledger (user_id, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists points_ledger, wallets cascade;');
  }
}
