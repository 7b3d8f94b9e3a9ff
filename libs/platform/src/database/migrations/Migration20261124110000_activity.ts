import { Migration } from '@mikro-orm/migrations';

/**
 * Earning on stream: the rules row, excluded Kick accounts, reward mappings, streams and the live state, every Kick
 * message applied (the dedupe key, written with its effect), chatters seen, and every award (credited or pending for a
 * chatter without an account yet).
 */
export class Migration20261124110000_activity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table activity_settings (
        id smallint primary key default 1 check (id = 1),
        broadcaster_user_id bigint null check (broadcaster_user_id > 0),
        chat_points int not null default 5 check (chat_points >= 0),
        chat_xp int not null default 5 check (chat_xp >= 0),
        chat_interval_seconds int not null default 300 check (chat_interval_seconds > 0),
        chat_hour_cap int not null default 60 check (chat_hour_cap >= 0),
        chat_stream_cap int not null default 300 check (chat_stream_cap >= 0),
        follow_points int not null default 50 check (follow_points >= 0),
        subscription_points int not null default 500 check (subscription_points >= 0),
        gifted_sub_points int not null default 250 check (gifted_sub_points >= 0),
        kick_points int not null default 1 check (kick_points >= 0),
        watch_points int not null default 10 check (watch_points >= 0),
        watch_interval_seconds int not null default 600 check (watch_interval_seconds > 0),
        watch_stream_cap int not null default 300 check (watch_stream_cap >= 0),
        min_account_age_days int not null default 0 check (min_account_age_days >= 0),
        chat_commands_enabled boolean not null default false,
        updated_at timestamptz not null default now()
      );
      create table activity_exclusions (
        kick_user_id bigint primary key,
        label varchar(64) not null,
        created_at timestamptz not null default now()
      );
      create table activity_reward_mappings (
        reward_id varchar(64) primary key,
        title varchar(100) not null,
        points int not null check (points > 0)
      );
      create table activity_streams (
        id bigserial primary key,
        started_at timestamptz not null,
        ended_at timestamptz null
      );
      create unique index activity_streams_one_open on activity_streams ((true)) where ended_at is null;
      create table activity_live_state (
        id smallint primary key default 1 check (id = 1),
        is_live boolean not null default false,
        started_at timestamptz null,
        ended_at timestamptz null,
        stream_id bigint null references activity_streams (id),
        -- The Kick timestamp of the message that set this state: an older message arriving late changes nothing.
        as_of timestamptz not null default 'epoch'
      );
      create table kick_messages (
        message_id varchar(64) primary key,
        type varchar(64) not null,
        version varchar(16) not null,
        outcome varchar(32) not null,
        sent_at timestamptz not null,
        received_at timestamptz not null default now()
      );
      create index kick_messages_received on kick_messages (received_at);
      create table activity_chatters (
        kick_user_id bigint primary key,
        username varchar(64) not null,
        last_message_hash char(64) null,
        last_chat_award_at timestamptz null,
        first_seen_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now()
      );
      create table activity_awards (
        id bigserial primary key,
        key varchar(120) not null unique,
        source varchar(20) not null check (source in ('chat', 'follow', 'subscription', 'gifted-subs', 'kicks', 'reward', 'watch')),
        kick_user_id bigint null,
        user_id int null references users (id) on delete cascade,
        stream_id bigint null references activity_streams (id),
        points int not null check (points >= 0),
        xp int not null check (xp >= 0),
        created_at timestamptz not null default now(),
        credited_at timestamptz null,
        check (user_id is not null or kick_user_id is not null)
      );
      create index activity_awards_kick_user on activity_awards (kick_user_id, source, created_at);
      create index activity_awards_user on activity_awards (user_id, source, stream_id);
      create index activity_awards_pending on activity_awards (kick_user_id) where credited_at is null;
      create index activity_awards_created on activity_awards (created_at);
      create table activity_subscriptions (
        event varchar(64) primary key,
        version int not null,
        subscription_id varchar(64) null,
        status varchar(16) not null,
        error varchar(300) null,
        updated_at timestamptz not null default now()
      );
      insert into activity_settings (id) values (1);
      insert into activity_live_state (id) values (1);`);
  }
}
