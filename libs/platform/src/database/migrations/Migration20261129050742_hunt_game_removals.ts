import { Migration } from '@mikro-orm/migrations';

/**
 * A removed hunt slot is kept here until its removal is undone, so "Put back" restores that row (its id, slot, bet, win
 * and place) exactly once: the undo takes the row out of this table, and a second undo finds nothing to take.
 */
export class Migration20261129050742_hunt_game_removals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table hunt_game_removals (
        game_id integer primary key,
        hunt_id integer not null references hunts (id) on delete cascade,
        slot_id integer not null references slots (id) on delete cascade,
        position integer not null check (position >= 0),
        bet numeric(18, 2) not null check (bet >= 0 and bet <= 1000000),
        win numeric(18, 2) null check (win >= 0 and win < 100000000),
        removed_at timestamptz not null default now()
      );`);
    this.addSql(`create index hunt_game_removals_hunt on hunt_game_removals (hunt_id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists hunt_game_removals;');
  }
}
