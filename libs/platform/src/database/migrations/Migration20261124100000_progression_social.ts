import { Migration } from '@mikro-orm/migrations';

/**
 * Progression (XP ledger, totals, achievements, badges) and friendships.
 * - xp_ledger is append-only; award_key is the award's idempotency key (e.g. `raffle-entry:12`), so a replayed event
 *   or a second backfill run inserts nothing.
 * - member_xp holds each member's total and the ledger id of the award that reached it (the rank's tie rule).
 * - friendships holds one row per unordered pair: the unique index on (least, greatest) makes A→B and B→A the same row.
 */
export class Migration20261124100000_progression_social extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table xp_ledger (
        id bigserial primary key,
        user_id integer not null references users (id) on delete cascade,
        source varchar(32) not null,
        xp integer not null check (xp > 0),
        award_key varchar(200) not null unique,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index xp_ledger_user on xp_ledger (user_id, id desc);`);
    this.addSql(`create index xp_ledger_user_source on xp_ledger (user_id, source);`);
    this.addSql(`
      create table member_xp (
        user_id integer primary key references users (id) on delete cascade,
        xp bigint not null default 0 check (xp >= 0),
        level integer not null default 1,
        reached_ledger_id bigint not null default 0,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table achievements (
        id serial primary key,
        name varchar(100) not null unique,
        icon varchar(64) null,
        description varchar(255) not null default '',
        category varchar(32) not null,
        rule_counter varchar(32) not null,
        rule_threshold integer not null check (rule_threshold > 0),
        active boolean not null default true,
        position integer not null default 0,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table member_achievements (
        user_id integer not null references users (id) on delete cascade,
        achievement_id integer not null references achievements (id) on delete cascade,
        unlocked_at timestamptz not null default now(),
        primary key (user_id, achievement_id)
      );`);
    this.addSql(`create index member_achievements_achievement on member_achievements (achievement_id);`);
    this.addSql(`
      create table badges (
        id serial primary key,
        name varchar(100) not null unique,
        icon varchar(64) null,
        description varchar(255) not null default '',
        rule_counter varchar(32) null,
        rule_threshold integer null check (rule_threshold is null or rule_threshold > 0),
        created_at timestamptz not null default now(),
        check ((rule_counter is null) = (rule_threshold is null))
      );`);
    this.addSql(`
      create table member_badges (
        user_id integer not null references users (id) on delete cascade,
        badge_id integer not null references badges (id) on delete cascade,
        granted_by varchar(8) not null check (granted_by in ('rule', 'admin')),
        granted_at timestamptz not null default now(),
        primary key (user_id, badge_id)
      );`);
    this.addSql(`create index member_badges_badge on member_badges (badge_id);`);
    this.addSql(`
      create table friendships (
        id bigserial primary key,
        sender_id integer not null references users (id) on delete cascade,
        receiver_id integer not null references users (id) on delete cascade,
        status varchar(10) not null check (status in ('pending', 'accepted')),
        created_at timestamptz not null default now(),
        accepted_at timestamptz null,
        check (sender_id <> receiver_id)
      );`);
    this.addSql(`create unique index friendships_pair on friendships (least(sender_id, receiver_id), greatest(sender_id, receiver_id));`);
    this.addSql(`create index friendships_sender on friendships (sender_id, status);`);
    this.addSql(`create index friendships_receiver on friendships (receiver_id, status);`);
  }
}
