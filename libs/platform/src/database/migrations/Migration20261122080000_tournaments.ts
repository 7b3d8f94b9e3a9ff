import { Migration } from '@mikro-orm/migrations';

/**
 * Slot tournaments: a single-elimination bracket (size 4..32, log2(size) rounds) and one bracket
 * pick per member per match. A winner must be one of the match's two slots; picks are unique per
 * (user, match) so parallel saves end as one row per match.
 */
export class Migration20261122080000_tournaments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table tournaments (
        id serial primary key,
        name varchar(120) not null check (length(trim(name)) > 0),
        size integer not null check (size in (4, 8, 16, 32)),
        is_active boolean not null default true,
        predictions_active boolean not null default false,
        prize_points integer[] not null default '{}' check (array_position(prize_points, null) is null and 0 <= all (prize_points) and cardinality(prize_points) <= 10),
        completed_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);

    this.addSql(`
      create table tournament_matches (
        id serial primary key,
        tournament_id integer not null references tournaments (id) on delete cascade,
        round integer not null check (round between 1 and 5),
        match_number integer not null check (match_number >= 1),
        slot1_name varchar(100) null,
        slot2_name varchar(100) null,
        slot1_multiplier numeric(12, 2) null check (slot1_multiplier >= 0),
        slot2_multiplier numeric(12, 2) null check (slot2_multiplier >= 0),
        winner_name varchar(100) null,
        decided_at timestamptz null,
        updated_at timestamptz not null default now(),
        constraint tournament_matches_position_unique unique (tournament_id, round, match_number),
        check (slot1_name is null or slot2_name is null or lower(slot1_name) <> lower(slot2_name)),
        check (winner_name is null or (slot1_name is not null and slot2_name is not null and (winner_name = slot1_name or winner_name = slot2_name)))
      );`);

    this.addSql(`
      create table tournament_predictions (
        id serial primary key,
        tournament_id integer not null references tournaments (id) on delete restrict,
        match_id integer not null references tournament_matches (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        predicted_winner_name varchar(100) not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint tournament_predictions_user_match_unique unique (user_id, match_id)
      );`);
    this.addSql(`create index tournament_predictions_tournament on tournament_predictions (tournament_id, user_id);`);
    this.addSql(`create index tournament_predictions_match on tournament_predictions (match_id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists tournament_predictions;');
    this.addSql('drop table if exists tournament_matches;');
    this.addSql('drop table if exists tournaments;');
  }
}
