import { Migration } from '@mikro-orm/migrations';

/**
 * Stream contests (docs/contests.md). A contest's status only moves forward by compare-and-set, and stakes take a
 * share lock on the contest row, so a resolve, cancel or close waits for stakes in flight and every later stake sees
 * the new status. One stake row per member and contest: adding to a stake grows that row, never a second option.
 */
export class Migration20261129090000_contests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table contests (
        id serial primary key,
        question varchar(200) not null,
        options jsonb not null check (jsonb_typeof(options) = 'array' and jsonb_array_length(options) between 2 and 10),
        min_stake bigint not null check (min_stake >= 1),
        max_stake bigint not null check (max_stake >= min_stake),
        status varchar(12) not null default 'open' check (status in ('open', 'closed', 'resolved', 'cancelled', 'refunded')),
        opened_at timestamptz not null default now(),
        closes_at timestamptz null,
        closed_at timestamptz null,
        winning_option smallint null check (winning_option >= 0 and winning_option < 10),
        opened_by integer null references users (id) on delete set null,
        settled_by integer null references users (id) on delete set null,
        settled_at timestamptz null,
        constraint contests_resolved_winner check ((status = 'resolved') = (winning_option is not null))
      );`);
    // One unsettled contest at a time: Go live and the site show it, and none can hide behind a newer one unrefunded.
    this.addSql(`create unique index contests_one_unsettled on contests ((true)) where status in ('open', 'closed');`);
    this.addSql(`
      create table contest_stakes (
        contest_id integer not null references contests (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        option smallint not null check (option >= 0 and option < 10),
        points bigint not null check (points > 0),
        first_staked_at timestamptz not null default clock_timestamp(),
        primary key (contest_id, user_id)
      );`);
    this.addSql(`
      create table contest_templates (
        id serial primary key,
        name varchar(100) not null,
        settings jsonb not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index contest_templates_name on contest_templates (lower(name));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists contest_templates;');
    this.addSql('drop table if exists contest_stakes;');
    this.addSql('drop table if exists contests;');
  }
}
