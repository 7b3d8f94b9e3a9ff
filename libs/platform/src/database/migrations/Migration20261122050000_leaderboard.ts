import { Migration } from '@mikro-orm/migrations';

/**
 * Wager leaderboard: platforms configured by admins, one row per period (the current one and
 * archived ones), the ranked standings of each period, manual CSV rows and the fetch history.
 */
export class Migration20261122050000_leaderboard extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table leaderboard_platforms (
        id serial primary key,
        name varchar(60) not null,
        slug varchar(40) not null unique check (slug ~ '^[a-z0-9][a-z0-9-]*$'),
        currency_symbol varchar(8) not null,
        source_type varchar(20) not null check (source_type in ('roobet', 'shuffle', 'rainbet', 'gamdom', 'stake', 'generic_json', 'manual_csv')),
        source_config jsonb not null default '{}',
        credentials_enc text null,
        period_type varchar(10) not null check (period_type in ('monthly', 'weekly', 'biweekly', 'custom')),
        custom_start timestamptz null,
        custom_end timestamptz null,
        prizes jsonb not null default '[]',
        mask_usernames boolean not null default true,
        excluded_usernames jsonb not null default '[]',
        is_active boolean not null default true,
        display_order integer not null default 0,
        refresh_interval_seconds integer not null default 300 check (refresh_interval_seconds between 60 and 86400),
        display_count integer not null default 100 check (display_count between 3 and 1000),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (period_type <> 'custom' or (custom_start is not null and custom_end is not null and custom_end > custom_start))
      );`);
    this.addSql(`
      create table leaderboard_periods (
        id bigserial primary key,
        platform_id integer not null references leaderboard_platforms (id) on delete cascade,
        starts_at timestamptz not null,
        ends_at timestamptz not null check (ends_at > starts_at),
        status varchar(10) not null default 'current' check (status in ('current', 'archived')),
        entry_count integer not null default 0,
        last_fetched_at timestamptz null,
        archived_at timestamptz null,
        -- The prizes as they stood when the period was archived; later edits only change future periods.
        prizes jsonb null,
        created_at timestamptz not null default now(),
        unique (platform_id, starts_at, ends_at)
      );`);
    // At most one current period per platform: rollover archives the old one in the same transaction.
    this.addSql(`create unique index leaderboard_periods_one_current on leaderboard_periods (platform_id) where status = 'current';`);
    this.addSql(`create index leaderboard_periods_platform on leaderboard_periods (platform_id, starts_at desc);`);
    // The ranking of a period as two parallel arrays (rank = array position): replacing 50,000 players
    // is one row write instead of 50,000 index insertions, and amounts stay numeric(18,2).
    this.addSql(`
      create table leaderboard_standings (
        period_id bigint primary key references leaderboard_periods (id) on delete cascade,
        usernames varchar(100)[] not null,
        wagered numeric(18,2)[] not null,
        check (cardinality(usernames) = cardinality(wagered))
      );`);
    this.addSql(`
      create table leaderboard_manual_entries (
        period_id bigint not null references leaderboard_periods (id) on delete cascade,
        username varchar(100) not null,
        wagered numeric(18,2) not null check (wagered >= 0),
        primary key (period_id, username)
      );`);
    this.addSql(`
      create table leaderboard_fetches (
        id bigserial primary key,
        platform_id integer not null references leaderboard_platforms (id) on delete cascade,
        trigger varchar(20) not null,
        started_at timestamptz not null,
        finished_at timestamptz not null default now(),
        ok boolean not null,
        entry_count integer null,
        error varchar(1000) null,
        duration_ms integer not null
      );`);
    this.addSql(`create index leaderboard_fetches_platform on leaderboard_fetches (platform_id, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists leaderboard_fetches, leaderboard_manual_entries, leaderboard_standings, leaderboard_periods, leaderboard_platforms cascade;',
    );
  }
}
