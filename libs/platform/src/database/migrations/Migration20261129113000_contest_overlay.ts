import { Migration } from '@mikro-orm/migrations';

const KINDS_BEFORE = `'hunt', 'raffle', 'tournament', 'leaderboard', 'alerts', 'race', 'poll', 'next-up'`;

/** The contest overlay kind: its browser-source token and its settings are kept like every other kind's. */
export class Migration20261129113000_contest_overlay extends Migration {
  override async up(): Promise<void> {
    for (const table of ['overlay_tokens', 'overlay_settings']) {
      this.addSql(`alter table ${table} drop constraint if exists ${table}_kind_check;`);
      this.addSql(`alter table ${table} add constraint ${table}_kind_check check (kind in (${KINDS_BEFORE}, 'contest'));`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['overlay_tokens', 'overlay_settings']) {
      this.addSql(`delete from ${table} where kind = 'contest';`);
      this.addSql(`alter table ${table} drop constraint if exists ${table}_kind_check;`);
      this.addSql(`alter table ${table} add constraint ${table}_kind_check check (kind in (${KINDS_BEFORE}));`);
    }
  }
}
