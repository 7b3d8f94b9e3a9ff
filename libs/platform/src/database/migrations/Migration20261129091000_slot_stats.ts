import { Migration } from '@mikro-orm/migrations';

/**
 * Each catalogue slot's figures across finished hunts (docs/slots.md), written only by the worker from hunt events and
 * recomputed whole from the hunts' rows each time, so a replayed or reordered event leaves the same figures.
 * `hunt_ids` lists the finished hunts the slot appeared in, which also lets a hunt's event find slots it no longer has.
 */
export class Migration20261129091000_slot_stats extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table slot_stats (
        slot_id integer primary key references slots (id) on delete cascade,
        times_opened integer not null default 0 check (times_opened >= 0),
        total_bet numeric(18, 2) not null default 0,
        total_won numeric(18, 2) not null default 0,
        average_multiplier numeric(14, 2) null,
        best_multiplier numeric(12, 2) null,
        biggest_win numeric(18, 2) null,
        biggest_win_hunt_id integer null references hunts (id) on delete set null,
        last_played_at timestamptz null,
        hunt_ids integer[] not null default '{}',
        updated_at timestamptz not null default now()
      );`);
    this.addSql('create index slot_stats_hunt_ids on slot_stats using gin (hunt_ids);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists slot_stats;');
  }
}
