import { Migration } from '@mikro-orm/migrations';

/**
 * Bulk archive of what is over (issue #34): an archived raffle, hunt or tournament leaves the public and admin lists
 * but keeps its row, so its page, its draw's verification and its winners stay. Store items already had archived_at.
 * Only ended rows can be archived (checks below), so nothing running ever disappears.
 */
export class Migration20261127184500_archive extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table raffles add column archived_at timestamptz null;`);
    this.addSql(
      `alter table raffles add constraint raffles_archived_when_over check (archived_at is null or drawn_at is not null or cancelled_at is not null);`,
    );
    this.addSql(`alter table hunts add column archived_at timestamptz null;`);
    this.addSql(`alter table hunts add constraint hunts_archived_when_completed check (archived_at is null or status = 'completed');`);
    this.addSql(`alter table tournaments add column archived_at timestamptz null;`);
    this.addSql(
      `alter table tournaments add constraint tournaments_archived_when_completed check (archived_at is null or completed_at is not null);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table tournaments drop column if exists archived_at;');
    this.addSql('alter table hunts drop column if exists archived_at;');
    this.addSql('alter table raffles drop column if exists archived_at;');
  }
}
