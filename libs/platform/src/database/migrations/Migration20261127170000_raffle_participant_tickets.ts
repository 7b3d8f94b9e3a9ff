import { Migration } from '@mikro-orm/migrations';

/**
 * Each participant row keeps the member's ticket total in the raffle, added to by the statement that writes their
 * entries, so the entry list pages in SPEC's order (most tickets first, earlier entrant first on a tie) by an index
 * instead of summing every entry of the raffle.
 */
export class Migration20261127170000_raffle_participant_tickets extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table raffle_participants add column tickets integer not null default 0 check (tickets >= 0);');
    this.addSql(`
      update raffle_participants p set tickets = t.tickets
      from (select raffle_id, user_id, sum(tickets)::int as tickets from raffle_entries group by raffle_id, user_id) t
      where t.raffle_id = p.raffle_id and t.user_id = p.user_id;`);
    this.addSql('create index raffle_participants_most_tickets on raffle_participants (raffle_id, tickets desc, first_entry_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists raffle_participants_most_tickets;');
    this.addSql('alter table raffle_participants drop column if exists tickets;');
  }
}
