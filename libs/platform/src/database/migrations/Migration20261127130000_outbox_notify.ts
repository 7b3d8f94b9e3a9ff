import { Migration } from '@mikro-orm/migrations';

/**
 * Every statement that writes outbox rows notifies channel outbox_events. PostgreSQL delivers a notification when
 * its transaction commits (and never when it rolls back), once per transaction however many statements sent it, so
 * the worker's relay wakes for exactly the events it can claim. A trigger covers every insert path, the CTEs of
 * group-committed statements included.
 */
export class Migration20261127130000_outbox_notify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function outbox_events_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('outbox_events', '');
        return null;
      end $$;`);
    this.addSql(`
      create trigger outbox_events_notify after insert on outbox_events
      for each statement execute function outbox_events_notify();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists outbox_events_notify on outbox_events;');
    this.addSql('drop function if exists outbox_events_notify();');
  }
}
