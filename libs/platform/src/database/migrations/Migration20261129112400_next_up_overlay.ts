import { Migration } from '@mikro-orm/migrations';

const KINDS_BEFORE = `'hunt', 'raffle', 'tournament', 'leaderboard', 'alerts', 'race', 'poll'`;

/** The "next up" overlay (the slot-request queue's head) is an overlay kind with a token and settings of its own. */
export class Migration20261129112400_next_up_overlay extends Migration {
  override async up(): Promise<void> {
    for (const table of ['overlay_tokens', 'overlay_settings']) {
      this.addSql(`alter table ${table} drop constraint if exists ${table}_kind_check;`);
      this.addSql(`alter table ${table} add constraint ${table}_kind_check check (kind in (${KINDS_BEFORE}, 'next-up'));`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['overlay_tokens', 'overlay_settings']) {
      this.addSql(`delete from ${table} where kind = 'next-up';`);
      this.addSql(`alter table ${table} drop constraint if exists ${table}_kind_check;`);
      this.addSql(`alter table ${table} add constraint ${table}_kind_check check (kind in (${KINDS_BEFORE}));`);
    }
  }
}
