import { Migration } from '@mikro-orm/migrations';

/**
 * Entry totals kept on the raffle row and one participant row per member and raffle, both written by the
 * statement that writes the entries. Opening a raffle or flushing a push then reads two columns instead of
 * summing every entry, and the entry list pages per person (newest first) by an index.
 */
export class Migration20261124130000_raffle_counters extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table raffles
        add column total_entries integer not null default 0 check (total_entries >= 0),
        add column participants_count integer not null default 0 check (participants_count >= 0);`);
    this.addSql(`
      create table raffle_participants (
        raffle_id integer not null references raffles (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        first_entry_id bigint not null,
        primary key (raffle_id, user_id)
      );`);
    this.addSql(`create unique index raffle_participants_newest on raffle_participants (raffle_id, first_entry_id);`);
    this.addSql(`
      insert into raffle_participants (raffle_id, user_id, first_entry_id)
      select raffle_id, user_id, min(id) from raffle_entries group by raffle_id, user_id;`);
    this.addSql(`
      update raffles r set total_entries = t.total, participants_count = t.participants
      from (select raffle_id, sum(tickets)::int as total, count(distinct user_id)::int as participants from raffle_entries group by raffle_id) t
      where t.raffle_id = r.id;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists raffle_participants;');
    this.addSql('alter table raffles drop column if exists total_entries, drop column if exists participants_count;');
  }
}
