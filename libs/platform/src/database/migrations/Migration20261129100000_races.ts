import { Migration } from '@mikro-orm/migrations';

/**
 * Wager races: a window of its own on a leaderboard platform with a prize ladder. A race's standings use the same
 * two-array layout as leaderboard_standings (rank = position, one row write per refresh); a race over a source that
 * reports only running totals keeps every player's total at its start in race_snapshots and ranks the difference.
 * Recent Winners and the announcements learn the race as a prize source, a race can be put on stream, and it has an
 * overlay of its own.
 */
export class Migration20261129100000_races extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table races (
        id serial primary key,
        platform_id integer not null references leaderboard_platforms (id) on delete cascade,
        title varchar(120) not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        prizes jsonb not null default '[]',
        min_wager numeric(18, 2) not null default 0 check (min_wager >= 0),
        rules text not null default '',
        is_visible boolean not null default true,
        status varchar(16) not null default 'upcoming' check (status in ('upcoming', 'live', 'finished', 'cancelled')),
        entry_count integer not null default 0,
        last_fetched_at timestamptz null,
        last_error varchar(1000) null,
        finished_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (ends_at > starts_at)
      );`);
    this.addSql('create index races_schedule on races (status, ends_at);');
    this.addSql('create index races_platform on races (platform_id);');
    this.addSql(`
      create table race_standings (
        race_id integer primary key references races (id) on delete cascade,
        usernames varchar(100)[] not null,
        wagered numeric(18, 2)[] not null
      );`);
    this.addSql('alter table race_standings alter column usernames set storage external, alter column wagered set storage external;');
    this.addSql(`
      create table race_snapshots (
        race_id integer primary key references races (id) on delete cascade,
        usernames varchar(100)[] not null,
        wagered numeric(18, 2)[] not null,
        taken_at timestamptz not null,
        late boolean not null
      );`);
    this.addSql('alter table prize_winners drop constraint if exists prize_winners_source_check;');
    this.addSql(
      `alter table prize_winners add constraint prize_winners_source_check check (source in ('raffle', 'hunt', 'tournament', 'leaderboard', 'race'));`,
    );
    this.addSql('alter table featured_items drop constraint if exists featured_items_kind_check;');
    this.addSql(
      `alter table featured_items add constraint featured_items_kind_check check (kind in ('raffle', 'tournament', 'leaderboard', 'race'));`,
    );
    this.addSql('alter table announcement_hooks drop constraint if exists announcement_hooks_events_check;');
    this.addSql(
      'alter table announcement_hooks add constraint announcement_hooks_events_check check (cardinality(events) between 1 and 6);',
    );
    for (const table of ['overlay_tokens', 'overlay_settings']) {
      this.addSql(`alter table ${table} drop constraint if exists ${table}_kind_check;`);
      this.addSql(
        `alter table ${table} add constraint ${table}_kind_check check (kind in ('hunt', 'raffle', 'tournament', 'leaderboard', 'alerts', 'race'));`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const table of ['overlay_tokens', 'overlay_settings']) {
      this.addSql(`delete from ${table} where kind = 'race';`);
      this.addSql(`alter table ${table} drop constraint if exists ${table}_kind_check;`);
      this.addSql(
        `alter table ${table} add constraint ${table}_kind_check check (kind in ('hunt', 'raffle', 'tournament', 'leaderboard', 'alerts'));`,
      );
    }
    this.addSql(`update announcement_hooks set events = array_remove(events, 'race.winners');`);
    this.addSql(`delete from announcement_hooks where cardinality(events) = 0;`);
    this.addSql('alter table announcement_hooks drop constraint if exists announcement_hooks_events_check;');
    this.addSql(
      'alter table announcement_hooks add constraint announcement_hooks_events_check check (cardinality(events) between 1 and 5);',
    );
    this.addSql(`delete from featured_items where kind = 'race';`);
    this.addSql('alter table featured_items drop constraint if exists featured_items_kind_check;');
    this.addSql(
      `alter table featured_items add constraint featured_items_kind_check check (kind in ('raffle', 'tournament', 'leaderboard'));`,
    );
    this.addSql(`delete from prize_winners where source = 'race';`);
    this.addSql('alter table prize_winners drop constraint if exists prize_winners_source_check;');
    this.addSql(
      `alter table prize_winners add constraint prize_winners_source_check check (source in ('raffle', 'hunt', 'tournament', 'leaderboard'));`,
    );
    this.addSql('drop table if exists race_snapshots, race_standings, races;');
  }
}
