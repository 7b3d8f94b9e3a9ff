import { Migration } from '@mikro-orm/migrations';

/**
 * Who may enter a raffle and how much a subscriber's ticket weighs (issue #37).
 *
 * - raffles.entry_rules: the admin's rules (contracts' raffleEntryRulesSchema); null for a raffle without rules, which
 *   keeps the batched free-entry path.
 * - raffles.draw_algorithm: the published algorithm the raffle is drawn and verified with; raffles created before
 *   this migration stay on v1, new ones are created with v2 (multipliers).
 * - raffle_entries.multiplier: the subscriber multiplier decided when the row was first written, part of the draw input.
 * - raffle_entry_voids: entries taken out of an open raffle (a Kick moderation ban, or a ban found at the draw), with
 *   their draw input: v2 publishes them as excluded lines, so the list the seed was committed against stays whole.
 * - users.kick_banned_until: a linked member's Kick chat ban (infinity when permanent), on the row every entry locks
 *   FOR SHARE, so an entry and a ban arriving together are ordered by that lock (see RaffleEntryService).
 * - kick_viewers: what Kick's webhooks told us about an account in the channel (follow, subscription, the subscriber
 *   badge on its newest chat message, a moderation ban), keyed by Kick user id because a viewer may join the site later.
 */
export class Migration20261127181000_raffle_entry_rules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table raffles
        add column entry_rules jsonb null,
        add column draw_algorithm varchar(32) not null default 'kickback-raffle-v1'
          check (draw_algorithm in ('kickback-raffle-v1', 'kickback-raffle-v2'));
      alter table raffle_entries add column multiplier smallint not null default 1 check (multiplier between 1 and 10);
      create table raffle_entry_voids (
        entry_id bigint primary key,
        raffle_id integer not null references raffles (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        entry_type varchar(16) not null,
        tickets integer not null check (tickets > 0),
        multiplier smallint not null check (multiplier between 1 and 10),
        points_spent bigint not null default 0 check (points_spent >= 0),
        reason varchar(32) not null check (reason in ('kick-ban', 'site-ban')),
        voided_at timestamptz not null default now()
      );
      create index raffle_entry_voids_raffle on raffle_entry_voids (raffle_id, entry_id);
      alter table users add column kick_banned_until timestamptz null;
      create table kick_viewers (
        kick_user_id bigint primary key check (kick_user_id > 0),
        followed_at timestamptz null,
        subscribed_at timestamptz null,
        subscribed_until timestamptz null,
        chat_subscriber boolean null,
        chat_seen_at timestamptz null,
        banned_at timestamptz null,
        ban_expires_at timestamptz null,
        ban_reason varchar(300) null,
        updated_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists kick_viewers;
      drop table if exists raffle_entry_voids;
      alter table users drop column if exists kick_banned_until;
      alter table raffle_entries drop column if exists multiplier;
      alter table raffles drop column if exists entry_rules, drop column if exists draw_algorithm;`);
  }
}
