import { Migration } from '@mikro-orm/migrations';

/**
 * Raffles, their entries and winners. Invariants live in the schema: one free entry and one
 * password entry per member per raffle (partial unique indexes), one points row per member
 * that accumulates tickets, one win per member per raffle, one standing winner per position.
 */
export class Migration20261122030000_raffles extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table raffles (
        id serial primary key,
        title varchar(200) not null,
        description text not null default '',
        image varchar(500) null,
        prize_description varchar(500) not null default '',
        prize_value_usd numeric(18,2) not null default 0 check (prize_value_usd >= 0),
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        number_of_winners integer not null check (number_of_winners between 1 and 100),
        allow_passwordless boolean not null default true,
        allow_points boolean not null default false,
        points_per_entry integer null check (points_per_entry > 0),
        max_tickets_per_user integer null check (max_tickets_per_user > 0),
        password_hash varchar(200) null,
        seed char(64) not null,
        seed_hash char(64) not null,
        entries_hash char(64) null,
        drawn_at timestamptz null,
        cancelled_at timestamptz null,
        created_by integer null references users (id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint raffles_time_order check (ends_at > starts_at),
        constraint raffles_some_entry check (allow_passwordless or allow_points or password_hash is not null),
        constraint raffles_points_price check (not allow_points or points_per_entry is not null)
      );`);
    this.addSql(`create index raffles_ends_at on raffles (ends_at) where drawn_at is null and cancelled_at is null;`);
    this.addSql(`
      create table raffle_entries (
        id bigserial primary key,
        raffle_id integer not null references raffles (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        entry_type varchar(16) not null check (entry_type in ('passwordless', 'points', 'password')),
        tickets integer not null check (tickets > 0),
        points_spent bigint not null default 0 check (points_spent >= 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index raffle_entries_free_once on raffle_entries (raffle_id, user_id) where entry_type = 'passwordless';`);
    this.addSql(`create unique index raffle_entries_password_once on raffle_entries (raffle_id, user_id) where entry_type = 'password';`);
    this.addSql(`create unique index raffle_entries_points_row on raffle_entries (raffle_id, user_id) where entry_type = 'points';`);
    this.addSql(`create index raffle_entries_raffle on raffle_entries (raffle_id, id);`);
    this.addSql(`create index raffle_entries_user on raffle_entries (user_id);`);
    this.addSql(`
      create table raffle_winners (
        id serial primary key,
        raffle_id integer not null references raffles (id) on delete cascade,
        position integer not null check (position >= 1),
        user_id integer not null references users (id) on delete cascade,
        draw_index integer not null check (draw_index >= 0),
        rerolled_at timestamptz null,
        rerolled_by integer null references users (id) on delete set null,
        created_at timestamptz not null default now(),
        constraint raffle_winners_user_once unique (raffle_id, user_id),
        constraint raffle_winners_draw_index_once unique (raffle_id, draw_index)
      );`);
    this.addSql(`create unique index raffle_winners_position_standing on raffle_winners (raffle_id, position) where rerolled_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists raffle_winners, raffle_entries, raffles cascade;');
  }
}
