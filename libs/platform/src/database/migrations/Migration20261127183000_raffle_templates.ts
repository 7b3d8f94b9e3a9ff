import { Migration } from '@mikro-orm/migrations';

/** Saved raffle settings ("Sub-only stream giveaway", "Weekly community raffle") that Go live starts a raffle from. */
export class Migration20261127183000_raffle_templates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table raffle_templates (
        id serial primary key,
        name varchar(100) not null,
        settings jsonb not null,
        created_at timestamptz not null default now()
      );
      create unique index raffle_templates_name on raffle_templates (lower(name));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists raffle_templates;');
  }
}
