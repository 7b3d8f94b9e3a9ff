import { Migration } from '@mikro-orm/migrations';

/**
 * The winners ledger: one row per prize paid, written by the feature that pays it (raffle draws, hunt and
 * tournament prediction prizes, leaderboard period prizes) in the paying transaction. Recent Winners reads
 * only this table. Wins paid before this migration are copied in once.
 */
export class Migration20261124120000_prize_winners extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table prize_winners (
        id bigserial primary key,
        source varchar(20) not null check (source in ('raffle', 'hunt', 'tournament', 'leaderboard')),
        reference varchar(160) not null,
        user_id integer null references users (id) on delete set null,
        winner_name varchar(100) not null,
        position integer not null check (position >= 1),
        prize varchar(500) not null,
        prize_value_usd numeric(18, 2) null check (prize_value_usd >= 0),
        prize_points integer null check (prize_points >= 0),
        subject_id bigint not null,
        subject_title varchar(200) not null,
        subject_path varchar(200) not null,
        won_at timestamptz not null default now(),
        unique (source, reference)
      );`);
    this.addSql(`create index prize_winners_newest on prize_winners (won_at desc);`);
    this.addSql(`create index prize_winners_source_newest on prize_winners (source, won_at desc);`);
    this.addSql(`
      insert into prize_winners (source, reference, user_id, winner_name, position, prize, prize_value_usd, subject_id, subject_title, subject_path, won_at)
      select 'raffle', 'raffle:' || w.raffle_id || ':' || w.position || ':' || w.user_id, w.user_id,
             coalesce(nullif(u.kick_username, ''), u.username), w.position,
             case when r.prize_description <> '' then r.prize_description else r.title end,
             round(r.prize_value_usd / r.number_of_winners, 2), r.id, r.title, '/raffles/' || r.id, w.created_at
        from raffle_winners w join raffles r on r.id = w.raffle_id join users u on u.id = w.user_id
       where w.rerolled_at is null;`);
    this.addSql(`
      insert into prize_winners (source, reference, user_id, winner_name, position, prize, prize_points, subject_id, subject_title, subject_path, won_at)
      select 'hunt', 'hunt:' || p.hunt_id || ':' || p.user_id, p.user_id, coalesce(nullif(u.kick_username, ''), u.username),
             p.rank, p.points_awarded || ' points', p.points_awarded, p.hunt_id, 'Bonus Hunt #' || p.hunt_id, '/bonus-hunts',
             coalesce(h.completed_at, now())
        from hunt_predictions p join hunts h on h.id = p.hunt_id join users u on u.id = p.user_id
       where p.points_awarded > 0 and p.rank is not null;`);
    this.addSql(`
      insert into prize_winners (source, reference, user_id, winner_name, position, prize, prize_points, subject_id, subject_title, subject_path, won_at)
      select 'tournament', 'tournament:' || t.id || ':' || l.user_id, l.user_id, coalesce(nullif(u.kick_username, ''), u.username),
             coalesce(substring(l.note from 'rank ([0-9]+)$')::int, 1), l.delta || ' points', l.delta, t.id, t.name,
             '/tournaments/' || t.id, l.created_at
        from points_ledger l
        join tournaments t on l.idempotency_key like 'tournament-prize:' || t.id || ':%'
        join users u on u.id = l.user_id
       where l.reason = 'tournament.prize' and l.delta > 0;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists prize_winners;');
  }
}
