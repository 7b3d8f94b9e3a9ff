import { Migration } from '@mikro-orm/migrations';

/** A moderator runs the stream's Go live screen and nothing else of the admin panel (docs/security.md). */
export class Migration20261129050300_moderator_role extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users drop constraint users_role_check;`);
    this.addSql(`alter table users add constraint users_role_check check (role in ('member', 'moderator', 'staff', 'Admin'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`update users set role = 'member' where role = 'moderator';`);
    this.addSql(`alter table users drop constraint users_role_check;`);
    this.addSql(`alter table users add constraint users_role_check check (role in ('member', 'staff', 'Admin'));`);
  }
}
