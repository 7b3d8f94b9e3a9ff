import { Migration } from '@mikro-orm/migrations';

/**
 * Announcements out: Discord channel webhooks and generic signed webhooks, each with the events it wants, and one
 * delivery row per (hook, announcement) — unique on its source key, so a redelivered domain event sends nothing twice.
 * The URL (Discord's carries its token) and the signing secret are sealed with SECRETS_KEY.
 */
export class Migration20261127183000_announcements extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table announcement_hooks (
        id serial primary key,
        kind varchar(10) not null check (kind in ('discord', 'webhook')),
        name varchar(80) not null check (char_length(btrim(name)) > 0),
        url_sealed text not null,
        url_display varchar(200) not null,
        secret_sealed text null check ((secret_sealed is null) = (kind = 'discord')),
        events text[] not null check (cardinality(events) between 1 and 5),
        enabled boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table announcement_deliveries (
        id bigserial primary key,
        hook_id int not null references announcement_hooks(id) on delete cascade,
        source_key varchar(120) not null,
        event varchar(40) not null,
        payload jsonb not null,
        status varchar(10) not null default 'pending' check (status in ('pending', 'retrying', 'delivered', 'failed')),
        attempts int not null default 0 check (attempts >= 0),
        last_status int null,
        last_error varchar(300) null,
        created_at timestamptz not null default now(),
        delivered_at timestamptz null,
        unique (hook_id, source_key)
      );`);
    this.addSql('create index announcement_deliveries_hook_idx on announcement_deliveries (hook_id, id desc);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists announcement_deliveries;');
    this.addSql('drop table if exists announcement_hooks;');
  }
}
