import { Migration } from '@mikro-orm/migrations';

/**
 * A slot's figures count its finished tournament matches too (docs/slots.md). `tournament_ids` lists the finished
 * tournaments the slot played in, so a tournament's event also finds the slots it no longer names (a renamed slot, a
 * deleted tournament), as `hunt_ids` does for hunts.
 */
export class Migration20261129125500_slot_stats_tournaments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table slot_stats add column tournament_ids integer[] not null default '{}';`);
    this.addSql('create index slot_stats_tournament_ids on slot_stats using gin (tournament_ids);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists slot_stats_tournament_ids;');
    this.addSql('alter table slot_stats drop column if exists tournament_ids;');
  }
}
