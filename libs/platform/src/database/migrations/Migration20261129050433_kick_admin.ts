import { Migration } from '@mikro-orm/migrations';

/**
 * What the admin decides about the Kick channel, beside what Kick tells us:
 * - kick_viewers.ban_cleared_at: an admin lifted the account's Kick ban (Kick sends no unban event); a ban delivery
 *   from before that moment, arriving late, does not bring it back.
 * - kick_connection: how the last token refresh failed (reconnect needed, or retrying after a 5xx or network error)
 *   and when the admins were last told that the connection nears the age at which Kick's refresh tokens die.
 * - kick_redemption_actions: pending channel-reward redemptions the site acted on, to accept (or reject) on Kick in
 *   batches; sent_at is set once Kick answered.
 */
export class Migration20261129050433_kick_admin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table kick_viewers add column ban_cleared_at timestamptz null;
      alter table kick_connection
        add column refresh_error varchar(300) null,
        add column refresh_error_kind varchar(16) null check (refresh_error_kind in ('reconnect', 'retrying')),
        add column age_notified_at timestamptz null;
      create table kick_redemption_actions (
        redemption_id varchar(100) primary key,
        action varchar(8) not null check (action in ('accept', 'reject')),
        created_at timestamptz not null default now(),
        sent_at timestamptz null,
        error varchar(300) null
      );
      create index kick_redemption_actions_unsent on kick_redemption_actions (created_at) where sent_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists kick_redemption_actions;
      alter table kick_connection drop column if exists refresh_error, drop column if exists refresh_error_kind,
        drop column if exists age_notified_at;
      alter table kick_viewers drop column if exists ban_cleared_at;`);
  }
}
