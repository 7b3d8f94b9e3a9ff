import { Migration } from '@mikro-orm/migrations';

/**
 * What a catalogue slot is beyond its name (docs/slots.md): RTP variants as the provider publishes them, volatility,
 * max win as a multiple of the bet, release date, features and theme tags. Every fact may be unknown. The limits are
 * the contract's (libs/contracts api/slots.ts), held here too so no writer can store what the API would refuse.
 */
export class Migration20261129090000_slot_facts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table slots
        add column rtp numeric(5, 2)[] not null default '{}'
          check (array_position(rtp, null) is null and cardinality(rtp) <= 5 and 50 <= all (rtp) and 100 >= all (rtp)),
        add column volatility varchar(16) null check (volatility in ('low', 'medium', 'high', 'very_high')),
        add column max_win_x numeric(12, 2) null check (max_win_x > 0 and max_win_x <= 1000000),
        add column release_date date null,
        add column features varchar(40)[] not null default '{}' check (array_position(features, null) is null and cardinality(features) <= 12),
        add column themes varchar(40)[] not null default '{}' check (array_position(themes, null) is null and cardinality(themes) <= 12),
        add column updated_at timestamptz not null default now();`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table slots
        drop column rtp, drop column volatility, drop column max_win_x, drop column release_date,
        drop column features, drop column themes, drop column updated_at;`);
  }
}
