import { Migration } from '@mikro-orm/migrations';

/**
 * How many awards of each source a member holds, kept beside the ledger by the statement that appends awards.
 * Achievement and badge rules count a member's awards by source after every event. Counting the ledger itself grew
 * with the member's history (about 11 ms per member at 1,000 awards, for every batch of raffle entries they were in);
 * this reads one row per source.
 */
export class Migration20261125000000_xp_source_counts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table member_xp_sources (
        user_id integer not null references users (id) on delete cascade,
        source varchar(32) not null,
        awards bigint not null check (awards > 0),
        primary key (user_id, source)
      );`);
    this.addSql(`
      insert into member_xp_sources (user_id, source, awards)
      select user_id, source, count(*) from xp_ledger group by user_id, source;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists member_xp_sources;');
  }
}
