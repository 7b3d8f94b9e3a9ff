import { Migration } from '@mikro-orm/migrations';

const OVERLAY_KINDS_BEFORE = "'hunt', 'raffle', 'tournament', 'leaderboard', 'alerts', 'race'";

/**
 * Stream polls (docs/polls.md). One open poll at a time. A vote is one row per poll and voter (a member, or a Kick
 * account with no member behind it), so a changed vote updates that row and parallel votes by one voter leave one.
 * Votes share-lock the poll row and a close or cancel updates it, so a vote racing the close is counted before it or
 * refused. Adds the 'poll' overlay kind.
 */
export class Migration20261129112400_polls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table polls (
        id serial primary key,
        question varchar(200) not null,
        options jsonb not null check (jsonb_typeof(options) = 'array' and jsonb_array_length(options) between 2 and 10),
        audience varchar(8) not null check (audience in ('members', 'kick')),
        status varchar(10) not null default 'open' check (status in ('open', 'closed', 'cancelled')),
        opened_at timestamptz not null default now(),
        closes_at timestamptz null,
        closed_at timestamptz null,
        opened_by integer null references users (id) on delete set null
      );`);
    this.addSql(`create unique index polls_one_open on polls ((true)) where status = 'open';`);
    this.addSql(`
      create table poll_votes (
        id bigserial primary key,
        poll_id integer not null references polls (id) on delete cascade,
        user_id integer null references users (id) on delete cascade,
        kick_user_id bigint null check (kick_user_id > 0),
        option smallint not null check (option >= 0 and option < 10),
        voted_at timestamptz not null default clock_timestamp(),
        changed_at timestamptz null,
        constraint poll_votes_one_voter check ((user_id is null) <> (kick_user_id is null))
      );`);
    this.addSql('create unique index poll_votes_member on poll_votes (poll_id, user_id) where user_id is not null;');
    this.addSql('create unique index poll_votes_kick on poll_votes (poll_id, kick_user_id) where kick_user_id is not null;');
    for (const table of ['overlay_tokens', 'overlay_settings']) {
      this.addSql(`alter table ${table} drop constraint if exists ${table}_kind_check;`);
      this.addSql(`alter table ${table} add constraint ${table}_kind_check check (kind in (${OVERLAY_KINDS_BEFORE}, 'poll'));`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['overlay_tokens', 'overlay_settings']) {
      this.addSql(`delete from ${table} where kind = 'poll';`);
      this.addSql(`alter table ${table} drop constraint if exists ${table}_kind_check;`);
      this.addSql(`alter table ${table} add constraint ${table}_kind_check check (kind in (${OVERLAY_KINDS_BEFORE}));`);
    }
    this.addSql('drop table if exists poll_votes;');
    this.addSql('drop table if exists polls;');
  }
}
