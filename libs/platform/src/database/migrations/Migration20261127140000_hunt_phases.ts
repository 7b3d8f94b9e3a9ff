import { Migration } from '@mikro-orm/migrations';

/**
 * Hunt phases: predictions may be open only while a hunt is collecting ('preparing'); once its bonuses are being
 * opened the result is in view, so the database refuses open predictions outside that phase. Rows that broke the
 * rule (an opening hunt whose predictions were left open) are closed first. Hunts also get a name the streamer can
 * set; without one they are shown as "Bonus Hunt #id".
 */
export class Migration20261127140000_hunt_phases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table hunts add column name varchar(80) null check (name is null or length(btrim(name)) > 0);`);
    this.addSql(`update hunts set predictions_active = false where status <> 'preparing' and predictions_active;`);
    this.addSql(
      `alter table hunts add constraint hunts_predictions_while_collecting check (status = 'preparing' or not predictions_active);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table hunts drop constraint if exists hunts_predictions_while_collecting;');
    this.addSql('alter table hunts drop column if exists name;');
  }
}
