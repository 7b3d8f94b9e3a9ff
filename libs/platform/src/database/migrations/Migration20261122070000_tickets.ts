import { Migration } from '@mikro-orm/migrations';

/**
 * Support tickets, their replies and private image attachments. Images point at a ticket and,
 * when sent with a reply, at that reply too; the stored name is ours, the original only shown.
 */
export class Migration20261122070000_tickets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ticket_categories (
        id serial primary key,
        name varchar(100) not null unique,
        description varchar(255) not null default '',
        position integer not null default 0,
        active boolean not null default true
      );`);
    this.addSql(`
      create table tickets (
        id serial primary key,
        user_id integer not null references users (id) on delete cascade,
        title varchar(255) not null check (char_length(trim(title)) > 0),
        description text not null check (char_length(description) between 1 and 5000),
        category_id integer not null references ticket_categories (id),
        priority varchar(10) not null default 'medium' check (priority in ('urgent', 'high', 'medium', 'low')),
        status varchar(10) not null default 'open' check (status in ('open', 'waiting', 'resolved', 'closed')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index tickets_user on tickets (user_id, id desc);`);
    this.addSql(`create index tickets_queue on tickets (status, id desc);`);
    this.addSql(`
      create table ticket_replies (
        id serial primary key,
        ticket_id integer not null references tickets (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        message text not null check (char_length(message) between 1 and 5000),
        is_admin boolean not null default false,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index ticket_replies_ticket on ticket_replies (ticket_id, id);`);
    this.addSql(`
      create table ticket_images (
        id serial primary key,
        ticket_id integer not null references tickets (id) on delete cascade,
        reply_id integer null references ticket_replies (id) on delete cascade,
        stored_name varchar(64) not null unique,
        original_filename varchar(255) not null,
        bytes integer not null check (bytes > 0),
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index ticket_images_ticket on ticket_images (ticket_id, reply_id, id);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists ticket_images;');
    this.addSql('drop table if exists ticket_replies;');
    this.addSql('drop table if exists tickets;');
    this.addSql('drop table if exists ticket_categories;');
  }
}
