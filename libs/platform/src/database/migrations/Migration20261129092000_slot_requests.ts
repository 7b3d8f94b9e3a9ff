import { Migration } from '@mikro-orm/migrations';

/**
 * Viewers' slot requests (docs/slots.md): one queued request per slot (a second request for it merges into the first),
 * each requester listed once with what they paid, and the queue's rules in one settings row.
 */
export class Migration20261129092000_slot_requests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table slot_request_settings (
        id smallint primary key default 1 check (id = 1),
        open boolean not null default false,
        price integer not null default 0 check (price >= 0 and price <= 10000000),
        cooldown_seconds integer not null default 60 check (cooldown_seconds >= 0 and cooldown_seconds <= 86400),
        open_limit integer not null default 1 check (open_limit >= 1 and open_limit <= 50),
        blocked_slot_ids integer[] not null default '{}',
        blocked_provider_ids integer[] not null default '{}',
        updated_at timestamptz not null default now()
      );`);
    this.addSql('insert into slot_request_settings (id) values (1);');
    this.addSql(`
      create table slot_requests (
        id serial primary key,
        slot_id integer not null references slots (id) on delete cascade,
        status varchar(16) not null default 'queued' check (status in ('queued', 'played', 'skipped', 'cleared')),
        requesters_count integer not null default 0 check (requesters_count >= 0),
        bet numeric(18, 2) null check (bet >= 0 and bet <= 1000000),
        win numeric(18, 2) null check (win >= 0 and win < 100000000),
        created_at timestamptz not null default now(),
        closed_at timestamptz null
      );`);
    this.addSql(`create unique index slot_requests_one_queued on slot_requests (slot_id) where status = 'queued';`);
    this.addSql(`create index slot_requests_queue on slot_requests (requesters_count desc, created_at) where status = 'queued';`);
    this.addSql(`
      create table slot_request_requesters (
        request_id integer not null references slot_requests (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        source varchar(8) not null check (source in ('site', 'chat')),
        points integer not null check (points >= 0),
        refunded_at timestamptz null,
        -- The clock, not the transaction's start: the cooldown measures from when the request was taken.
        created_at timestamptz not null default clock_timestamp(),
        primary key (request_id, user_id)
      );`);
    this.addSql('create index slot_request_requesters_user on slot_request_requesters (user_id, created_at desc);');
    // `!sr` is chat's slot request now: a join keyword of "sr" would never be read as one.
    this.addSql(`update activity_settings set join_keyword = 'join' where join_keyword = 'sr';`);
    this.addSql(`alter table activity_settings drop constraint activity_settings_join_keyword_check,
      add constraint activity_settings_join_keyword_check check (join_keyword ~ '^[a-z0-9]{1,20}$' and join_keyword not in ('points', 'raffle', 'sr'));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists slot_request_requesters, slot_requests, slot_request_settings;');
    this.addSql(`alter table activity_settings drop constraint activity_settings_join_keyword_check,
      add constraint activity_settings_join_keyword_check check (join_keyword ~ '^[a-z0-9]{1,20}$' and join_keyword not in ('points', 'raffle'));`);
  }
}
