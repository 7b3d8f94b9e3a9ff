import { Migration } from '@mikro-orm/migrations';

/**
 * Bonus hunts: the slot catalogue, hunts with their games, and one prediction per member per
 * hunt. Money is numeric(18,2), multipliers numeric(12,2); the per-game multiplier is computed
 * by PostgreSQL so no JS float ever divides money. Bounds on bet and win keep win / bet inside
 * numeric(12,2), so no admin input can overflow it.
 */
export class Migration20261122040000_hunts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table slot_providers (
        id serial primary key,
        name varchar(80) not null check (length(trim(name)) > 0),
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index slot_providers_name_unique on slot_providers (lower(name));`);

    this.addSql(`
      create table slots (
        id serial primary key,
        name varchar(100) not null check (length(trim(name)) > 0),
        provider_id integer not null references slot_providers (id) on delete restrict,
        image_url varchar(500) null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index slots_name_provider_unique on slots (lower(name), provider_id);`);
    this.addSql(`create index slots_name_lower on slots (lower(name) varchar_pattern_ops);`);

    this.addSql(`
      create table hunts (
        id serial primary key,
        starting_balance numeric(18, 2) not null check (starting_balance >= 0 and starting_balance < 100000000),
        status varchar(16) not null default 'preparing' check (status in ('preparing', 'opening', 'completed')),
        predictions_active boolean not null default false,
        prize_points integer[] not null default '{}' check (array_position(prize_points, null) is null and 0 <= all (prize_points) and cardinality(prize_points) <= 10),
        final_balance numeric(18, 2) null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        opening_started_at timestamptz null,
        completed_at timestamptz null,
        scored_at timestamptz null,
        check (status <> 'completed' or (completed_at is not null and final_balance is not null and not predictions_active))
      );`);
    // At most one hunt runs at a time: that one is "the current hunt".
    this.addSql(`create unique index hunts_one_running on hunts ((true)) where status <> 'completed';`);
    this.addSql(`create index hunts_completed on hunts (completed_at desc, id desc) where status = 'completed';`);

    this.addSql(`
      create table hunt_games (
        id serial primary key,
        hunt_id integer not null references hunts (id) on delete cascade,
        slot_id integer not null references slots (id) on delete restrict,
        position integer not null check (position >= 0),
        bet numeric(18, 2) not null default 0 check (bet >= 0 and bet <= 1000000),
        win numeric(18, 2) null check (win >= 0 and win < 100000000),
        opened boolean generated always as (win is not null) stored,
        multiplier numeric(12, 2) generated always as (case when win is not null and bet > 0 then round(win / bet, 2) end) stored,
        updated_at timestamptz not null default now(),
        constraint hunt_games_position_unique unique (hunt_id, position) deferrable initially deferred
      );`);

    this.addSql(`
      create table hunt_predictions (
        id serial primary key,
        hunt_id integer not null references hunts (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        end_balance numeric(18, 2) not null check (end_balance >= 0 and end_balance < 100000000),
        highest_multiplier numeric(12, 2) not null check (highest_multiplier >= 0 and highest_multiplier < 10000000),
        highest_multiplier_game varchar(100) not null check (length(trim(highest_multiplier_game)) > 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        rank integer null,
        end_balance_difference numeric(18, 2) null,
        multiplier_difference numeric(12, 2) null,
        game_hit boolean null,
        points_awarded integer not null default 0 check (points_awarded >= 0),
        constraint hunt_predictions_one_per_user unique (hunt_id, user_id)
      );`);
    this.addSql(`create index hunt_predictions_user on hunt_predictions (user_id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists hunt_predictions, hunt_games, hunts, slots, slot_providers cascade;');
  }
}
