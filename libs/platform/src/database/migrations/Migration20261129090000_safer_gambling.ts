import { Migration } from '@mikro-orm/migrations';

/**
 * Safer gambling (docs/responsible-gambling.md): where each casino offer is shown, a member's age confirmation, their
 * breaks from gambling content, the texts and help links beside offers, and the raffle and store flags a break refuses.
 */
export class Migration20261129090000_safer_gambling extends Migration {
  override async up(): Promise<void> {
    for (const table of ['affiliates', 'leaderboard_platforms']) {
      this.addSql(`
        alter table ${table}
          add column country_mode text not null default 'everywhere'
            check (country_mode in ('everywhere', 'only', 'except')),
          add column countries text[] not null default '{}'
            check (array_position(countries, null) is null and cardinality(countries) <= 250);`);
    }
    this.addSql(`
      alter table users
        add column age_confirmed_at timestamptz null,
        add column age_confirmed_min smallint null check (age_confirmed_min between 18 and 25);`);
    this.addSql(`
      create table age_confirmations (
        id bigserial primary key,
        user_id integer not null references users(id) on delete cascade,
        age smallint not null check (age between 18 and 25),
        country char(2) null,
        confirmed_at timestamptz not null default now()
      );`);
    this.addSql(`create index age_confirmations_time on age_confirmations (confirmed_at, id);`);
    this.addSql(`
      create table member_breaks (
        id serial primary key,
        user_id integer not null references users(id) on delete cascade,
        period text not null check (period in ('24h', '7d', '30d', '6m', 'until_asked')),
        started_at timestamptz not null,
        ends_at timestamptz null,
        ended_at timestamptz null,
        ended_by integer null references users(id) on delete set null,
        check ((period = 'until_asked') = (ends_at is null))
      );`);
    // One running break per member; the running ones are what every check reads.
    this.addSql(`create unique index member_breaks_running on member_breaks (user_id) where ended_at is null;`);
    this.addSql(`create index member_breaks_time on member_breaks (started_at, id);`);
    this.addSql(`
      create table safety_settings (
        id integer primary key default 1 check (id = 1),
        terms_line varchar(200) not null,
        no_cash_value varchar(300) not null,
        default_help_name varchar(80) not null,
        default_help_url varchar(500) not null,
        min_age smallint not null default 18 check (min_age between 18 and 25),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      insert into safety_settings (terms_line, no_cash_value, default_help_name, default_help_url)
      values ('18+ · New customers only · T&Cs apply · Play responsibly',
              'Points have no cash value and cannot be exchanged for money.',
              'Gambling Therapy', 'https://www.gamblingtherapy.org');`);
    this.addSql(`
      create table safety_countries (
        id serial primary key,
        country char(2) not null unique check (country ~ '^[A-Z]{2}$'),
        min_age smallint not null default 18 check (min_age between 18 and 25),
        help_name varchar(80) not null,
        help_url varchar(500) not null
      );`);
    this.addSql(`
      insert into safety_countries (country, min_age, help_name, help_url) values
        ('GB', 18, 'BeGambleAware', 'https://www.begambleaware.org'),
        ('IE', 18, 'Gambling Care', 'https://www.gamblingcare.ie'),
        ('US', 21, '1-800-GAMBLER', 'https://www.1800gambler.net'),
        ('CA', 19, 'ConnexOntario', 'https://www.connexontario.ca'),
        ('AU', 18, 'Gambling Help Online', 'https://www.gamblinghelponline.org.au');`);
    this.addSql(`alter table store_items add column is_casino_bonus boolean not null default false;`);
    this.addSql(`alter table raffles add column casino_credit_prize boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table raffles drop column casino_credit_prize;`);
    this.addSql(`alter table store_items drop column is_casino_bonus;`);
    this.addSql(`drop table safety_countries, safety_settings, member_breaks, age_confirmations;`);
    this.addSql(`alter table users drop column age_confirmed_at, drop column age_confirmed_min;`);
    for (const table of ['affiliates', 'leaderboard_platforms'])
      this.addSql(`alter table ${table} drop column country_mode, drop column countries;`);
  }
}
