import { Migration } from '@mikro-orm/migrations';

/**
 * Contact form messages. The sender's address is kept only as a keyed hash (enough to spot
 * one source flooding the inbox, useless to anyone who reads the table).
 */
export class Migration20261122060000_contact extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table contact_messages (
        id serial primary key,
        name varchar(100) not null,
        email varchar(254) not null,
        subject varchar(150) not null,
        message text not null check (char_length(message) <= 5000),
        user_id integer null references users (id) on delete set null,
        ip_hash char(64) not null,
        status varchar(10) not null default 'new' check (status in ('new', 'read', 'archived')),
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index contact_messages_inbox on contact_messages (status, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists contact_messages;');
  }
}
