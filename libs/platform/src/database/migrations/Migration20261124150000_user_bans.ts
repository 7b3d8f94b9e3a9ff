import { Migration } from '@mikro-orm/migrations';

/** Member bans: when, why and by whom; a ban and its reason come together. */
export class Migration20261124150000_user_bans extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users
        add column banned_at timestamptz null,
        add column ban_reason varchar(500) null,
        add column banned_by integer null references users (id) on delete set null,
        add constraint users_ban_reason_with_ban check ((banned_at is null) = (ban_reason is null));`);
  }
}
