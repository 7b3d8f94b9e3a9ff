import { Migration } from '@mikro-orm/migrations';
import { PAYOUT_MESSAGES, PAYOUT_SOURCES, PAYOUT_STATUSES, URL_REFUSED, URL_RULES } from '@kickback/contracts';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const linkRule = (column: string) =>
  `(${column} ~ '${URL_RULES.link}' and ${URL_REFUSED.map((pattern) => `${column} !~ '${pattern}'`).join(' and ')})`;
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The payout ledger: one row per prize to pay, unique per (source, source id, place, recipient), with its status,
 * who moved it last, its proof and its claim deadline. "Total given away" now sums its paid rows, so the giveaways
 * ledger goes. What the site recorded as given away before is copied in as paid (the winners ledger's prizes and the
 * processed store redemptions with a cash value), so the total does not drop on the day this ships.
 */
export class Migration20261129090000_payouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payouts (
        id bigserial primary key,
        source varchar(20) not null check (source in (${list(PAYOUT_SOURCES)})),
        source_id bigint not null,
        place integer not null check (place >= 1),
        recipient_key varchar(140) not null,
        user_id integer null references users (id) on delete set null,
        casino_username varchar(100) null,
        prize varchar(500) not null,
        amount numeric(18, 2) null check (amount >= 0),
        currency varchar(20) null,
        value_usd numeric(18, 2) null check (value_usd >= 0),
        subject_title varchar(200) not null,
        subject_path varchar(200) not null,
        status varchar(20) not null check (status in (${list(PAYOUT_STATUSES)})),
        reason varchar(500) null,
        retryable boolean not null default false,
        claim_deadline timestamptz null,
        proof_reference varchar(200) null,
        proof_url varchar(2000) null check (proof_url is null or ${linkRule('proof_url')}),
        proof_image varchar(64) null check (proof_image is null or proof_image ~ '^[0-9a-f-]{36}\\.webp$'),
        created_at timestamptz not null default now(),
        status_changed_at timestamptz not null default now(),
        status_changed_by integer null references users (id) on delete set null,
        paid_at timestamptz null,
        check ((status = 'paid') = (paid_at is not null)),
        unique (source, source_id, place, recipient_key)
      );`);
    // The queue (by status, oldest change first), a member's prizes, the public page (paid, newest first).
    this.addSql('create index payouts_queue on payouts (status, status_changed_at, id);');
    this.addSql('create index payouts_member on payouts (user_id, id desc) where user_id is not null;');
    this.addSql(`create index payouts_paid on payouts (paid_at desc, id desc) where status = 'paid';`);
    this.addSql(`
      create table payout_settings (
        id smallint primary key check (id = 1),
        promise_hours integer not null default 72 check (promise_hours between 1 and 2160),
        show_pending_total boolean not null default false,
        proof_public_sources varchar(20)[] not null default '{${PAYOUT_SOURCES.join(',')}}'
      );`);
    this.addSql('insert into payout_settings (id) values (1);');
    this.addSql(`
      insert into payouts (source, source_id, place, recipient_key, user_id, casino_username, prize, amount, currency, value_usd,
                           subject_title, subject_path, status, reason, created_at, status_changed_at, paid_at)
      select w.source, w.subject_id, w.position,
             case when w.user_id is not null then 'member:' || w.user_id else 'casino:' || lower(w.winner_name) end,
             w.user_id, case when w.user_id is null then w.winner_name end, w.prize,
             coalesce(w.prize_points::numeric, case when w.source = 'leaderboard' then w.prize_value_usd end),
             case when w.prize_points is not null then 'points' when w.source = 'leaderboard' then '$' end,
             w.prize_value_usd, w.subject_title, w.subject_path, 'paid', ${quoted(PAYOUT_MESSAGES.legacy)}, w.won_at, w.won_at, w.won_at
        from prize_winners w
      on conflict do nothing;`);
    this.addSql(`
      insert into payouts (source, source_id, place, recipient_key, user_id, prize, value_usd, subject_title, subject_path,
                           status, reason, created_at, status_changed_at, paid_at)
      select 'store', r.id, 1, 'member:' || r.user_id, r.user_id, i.name, i.value_usd, i.name, '/store', 'paid',
             ${quoted(PAYOUT_MESSAGES.legacy)}, r.created_at, coalesce(r.processed_at, r.created_at), coalesce(r.processed_at, r.created_at)
        from store_redemptions r join store_items i on i.id = r.item_id
       where r.status = 'processed' and i.value_usd > 0;`);
    this.addSql('drop table giveaways;');
  }

  override async down(): Promise<void> {
    this.addSql(`
      create table giveaways (
        id bigserial primary key,
        source varchar(40) not null,
        reference varchar(100) not null,
        amount numeric(18, 2) not null check (amount >= 0),
        created_at timestamptz not null default now(),
        unique (source, reference)
      );`);
    this.addSql(`
      insert into giveaways (source, reference, amount)
      select case source when 'store' then 'redemption' else source end,
             case source when 'store' then source_id::text else source || ':' || source_id || ':' || place || ':' || recipient_key end,
             value_usd
        from payouts where status = 'paid' and value_usd > 0;`);
    this.addSql('drop table if exists payouts, payout_settings;');
  }
}
