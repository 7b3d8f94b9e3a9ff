import { Migration } from '@mikro-orm/migrations';

/**
 * Store: items, redemptions, per-user purchase counters and code pools. The invariants live
 * in constraints: stock never below zero, one code per redemption, one redemption per
 * (user, Idempotency-Key), a purchase counter that never goes negative.
 */
export class Migration20261122020000_store extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table store_items (
        id serial primary key,
        name varchar(120) not null,
        description text not null default '',
        image_url varchar(500) null,
        cost integer not null check (cost > 0),
        quantity integer null check (quantity >= 0),
        max_purchases_per_user integer null check (max_purchases_per_user > 0),
        category varchar(40) not null default 'general',
        is_active boolean not null default true,
        fulfilment varchar(10) not null default 'manual' check (fulfilment in ('manual', 'code')),
        value_usd numeric(18, 2) not null default 0 check (value_usd >= 0),
        archived_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index store_items_listing on store_items (cost, id) where is_active and archived_at is null;`);
    this.addSql(`
      create table store_redemptions (
        id bigserial primary key,
        user_id integer not null references users (id) on delete cascade,
        item_id integer not null references store_items (id),
        cost integer not null check (cost > 0),
        status varchar(10) not null default 'pending' check (status in ('pending', 'processed', 'refunded')),
        idempotency_key varchar(100) null,
        processed_at timestamptz null,
        processed_by integer null references users (id) on delete set null,
        refunded_at timestamptz null,
        created_at timestamptz not null default now(),
        unique (user_id, idempotency_key)
      );`);
    this.addSql(`create index store_redemptions_user on store_redemptions (user_id, id desc);`);
    this.addSql(`create index store_redemptions_item on store_redemptions (item_id) where status <> 'refunded';`);
    this.addSql(`create index store_redemptions_pending on store_redemptions (id) where status = 'pending';`);
    this.addSql(`
      create table store_purchase_counters (
        user_id integer not null references users (id) on delete cascade,
        item_id integer not null references store_items (id) on delete cascade,
        purchases integer not null check (purchases >= 0),
        primary key (user_id, item_id)
      );`);
    this.addSql(`
      create table store_codes (
        id bigserial primary key,
        item_id integer not null references store_items (id) on delete cascade,
        code varchar(200) not null,
        redemption_id bigint null unique references store_redemptions (id),
        assigned_at timestamptz null,
        created_at timestamptz not null default now(),
        unique (item_id, code)
      );`);
    this.addSql(`create index store_codes_free on store_codes (item_id, id) where redemption_id is null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists store_codes, store_purchase_counters, store_redemptions, store_items cascade;');
  }
}
