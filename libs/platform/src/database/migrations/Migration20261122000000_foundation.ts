import { Migration } from '@mikro-orm/migrations';

/** Users, site settings, affiliates, the event outbox, consumer bookkeeping and the audit log. */
export class Migration20261122000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table users (
        id serial primary key,
        username varchar(64) not null,
        name varchar(100) not null,
        email varchar(255) null,
        role varchar(16) not null default 'member' check (role in ('member', 'staff', 'Admin')),
        kick_user_id bigint null unique,
        kick_username varchar(64) null,
        avatar_url varchar(500) null,
        bio varchar(500) not null default '',
        crypto varchar(100) null,
        crypto2 varchar(100) null,
        crypto3 varchar(100) null,
        twitter_user varchar(100) null,
        instagram_user varchar(100) null,
        youtube_user varchar(100) null,
        tiktok_user varchar(100) null,
        website varchar(300) null,
        login_count integer not null default 0,
        is_demo boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        last_seen_at timestamptz null
      );`);
    this.addSql(`create unique index users_username_lower_unique on users (lower(username));`);

    this.addSql(`
      create table site_settings (
        id smallint primary key check (id = 1),
        site_name varchar(80) not null,
        site_description varchar(300) not null,
        crypto1_label varchar(40) not null,
        crypto2_label varchar(40) not null,
        crypto3_label varchar(40) not null,
        theme jsonb not null,
        kick_channel_slug varchar(60) not null,
        logo_url varchar(500) null,
        terms_text text not null default '',
        privacy_text text not null default '',
        updated_at timestamptz not null default now()
      );`);

    this.addSql(`
      create table affiliates (
        id serial primary key,
        name varchar(80) not null,
        logo_url varchar(500) null,
        redirect_url varchar(500) not null,
        code varchar(60) not null,
        benefits jsonb not null default '[]',
        position integer not null default 0,
        is_active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);

    this.addSql(`
      create table outbox_events (
        id bigserial primary key,
        type varchar(100) not null,
        payload jsonb not null,
        created_at timestamptz not null default now(),
        published_at timestamptz null
      );`);
    this.addSql(`create index outbox_events_unpublished on outbox_events (id) where published_at is null;`);

    this.addSql(`
      create table processed_events (
        consumer varchar(100) not null,
        event_id bigint not null,
        processed_at timestamptz not null default now(),
        primary key (consumer, event_id)
      );`);

    this.addSql(`
      create table audit_logs (
        id bigserial primary key,
        actor_id integer null references users (id) on delete set null,
        action varchar(100) not null,
        entity varchar(60) not null,
        entity_id varchar(60) null,
        before jsonb null,
        after jsonb null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index audit_logs_created on audit_logs (created_at desc);`);

    this.addSql(`
      create table giveaways (
        id bigserial primary key,
        source varchar(40) not null,
        reference varchar(100) not null,
        amount numeric(18, 2) not null check (amount >= 0),
        created_at timestamptz not null default now(),
        unique (source, reference)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists giveaways, audit_logs, processed_events, outbox_events, affiliates, site_settings, users cascade;');
  }
}
