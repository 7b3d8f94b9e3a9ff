import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminSafetyCountry, BreakPeriod, SafetyCountryInput, SafetySettings } from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';

export interface BreakRow {
  id: number;
  user_id: number;
  period: BreakPeriod;
  started_at: Date;
  ends_at: Date | null;
}

export interface AgeConfirmationRecord {
  /** bigserial, as the driver reads it. */
  id: string;
  username: string;
  age: number;
  country: string | null;
  confirmed_at: Date;
}

export interface BreakRecord {
  id: number;
  username: string;
  period: string;
  started_at: Date;
  ends_at: Date | null;
  ended_at: Date | null;
  ended_by: string | null;
}

const SETTINGS_COLUMNS = 'terms_line, no_cash_value, default_help_name, default_help_url, min_age';

/** The safety tables: texts and help links, age confirmations, and members' breaks. */
@Injectable()
export class SafetyRepository {
  async settings(em: EntityManager): Promise<SafetySettings> {
    const [row] = await em.execute<SafetySettings[]>(`select ${SETTINGS_COLUMNS} from safety_settings where id = 1`);
    return row!;
  }

  async updateSettings(em: EntityManager, changes: Partial<SafetySettings>): Promise<SafetySettings> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    if (entries.length) {
      await em.execute(`update safety_settings set ${entries.map(([k]) => `${k} = ?`).join(', ')}, updated_at = now() where id = 1`, [
        ...entries.map(([, v]) => v),
      ]);
    }
    return this.settings(em);
  }

  countries(em: EntityManager): Promise<AdminSafetyCountry[]> {
    return em.execute<AdminSafetyCountry[]>('select id, country, min_age, help_name, help_url from safety_countries order by country');
  }

  async country(em: EntityManager, id: number, lock = false): Promise<AdminSafetyCountry | null> {
    const [row] = await em.execute<AdminSafetyCountry[]>(
      `select id, country, min_age, help_name, help_url from safety_countries where id = ?${lock ? ' for update' : ''}`,
      [id],
    );
    return row ?? null;
  }

  /** Null when the country already has a row. */
  async insertCountry(em: EntityManager, input: SafetyCountryInput): Promise<number | null> {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into safety_countries (country, min_age, help_name, help_url) values (?, ?, ?, ?)
       on conflict (country) do nothing returning id`,
      [input.country, input.min_age, input.help_name, input.help_url],
    );
    return row?.id ?? null;
  }

  async updateCountry(em: EntityManager, id: number, row: SafetyCountryInput): Promise<void> {
    await em.execute('update safety_countries set country = ?, min_age = ?, help_name = ?, help_url = ? where id = ?', [
      row.country,
      row.min_age,
      row.help_name,
      row.help_url,
      id,
    ]);
  }

  async deleteCountry(em: EntityManager, id: number): Promise<void> {
    await em.execute('delete from safety_countries where id = ?', [id]);
  }

  /** The age a member confirmed on their account, and their running break (one read per member request). */
  async memberStanding(em: EntityManager, userId: number): Promise<{ age: number | null; running: BreakRow | null }> {
    const [row] = await em.execute<
      { age: number | null; id: number | null; period: BreakPeriod; started_at: Date; ends_at: Date | null }[]
    >(
      `select u.age_confirmed_min as age, b.id, b.period, b.started_at, b.ends_at
         from users u left join member_breaks b on b.user_id = u.id and b.ended_at is null
        where u.id = ?`,
      [userId],
    );
    if (!row) return { age: null, running: null };
    const running =
      row.id === null ? null : { id: row.id, user_id: userId, period: row.period, started_at: row.started_at, ends_at: row.ends_at };
    return { age: row.age, running };
  }

  async confirmAge(em: EntityManager, userId: number, age: number, country: string | null): Promise<void> {
    await em.execute(
      `update users set age_confirmed_at = now(), age_confirmed_min = greatest(coalesce(age_confirmed_min, 0), ?) where id = ?`,
      [age, userId],
    );
    await em.execute('insert into age_confirmations (user_id, age, country) values (?, ?, ?)', [userId, age, country]);
  }

  /** Null when the member already has a running break (the unique index decides, so two clicks start one). */
  async startBreak(em: EntityManager, userId: number, period: BreakPeriod, startedAt: Date, endsAt: Date | null): Promise<BreakRow | null> {
    const [row] = await em.execute<BreakRow[]>(
      `insert into member_breaks (user_id, period, started_at, ends_at) values (?, ?, ?, ?)
       on conflict (user_id) where ended_at is null do nothing
       returning id, user_id, period, started_at, ends_at`,
      [userId, period, startedAt, endsAt],
    );
    return row ?? null;
  }

  /** Ends break `id` if it is still running and due at `now`; answers the member when it did. */
  async endIfDue(em: EntityManager, id: number, now: Date): Promise<number | null> {
    const [row] = await em.execute<{ user_id: number }[]>(
      `update member_breaks set ended_at = ? where id = ? and ended_at is null and ends_at <= ? returning user_id`,
      [now, id, now],
    );
    return row?.user_id ?? null;
  }

  /** Running timed breaks whose end has passed at `now` (what a lost job left behind). */
  async dueBreaks(em: EntityManager, now: Date): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>(
      'select id from member_breaks where ended_at is null and ends_at <= ? order by ends_at limit 500',
      [now],
    );
    return rows.map((r) => r.id);
  }

  async runningUntilAsked(em: EntityManager, username: string): Promise<BreakRow | null> {
    const [row] = await em.execute<BreakRow[]>(
      `select b.id, b.user_id, b.period, b.started_at, b.ends_at
         from member_breaks b join users u on u.id = b.user_id
        where lower(u.username) = lower(?) and b.ended_at is null for update of b`,
      [username],
    );
    return row ?? null;
  }

  async endNow(em: EntityManager, id: number, actorId: number): Promise<void> {
    await em.execute('update member_breaks set ended_at = now(), ended_by = ? where id = ?', [actorId, id]);
  }

  async onBreak(em: EntityManager, userIds: number[]): Promise<number[]> {
    if (!userIds.length) return [];
    const rows = await em.execute<{ user_id: number }[]>(
      'select user_id from member_breaks where ended_at is null and user_id = any(?::int[])',
      [intArrayLiteral(userIds)],
    );
    return rows.map((r) => r.user_id);
  }

  /** The casino usernames members on a break linked in Settings, lower-cased. */
  async linkedNamesOnBreak(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<{ name: string }[]>(
      `select distinct lower(c.name) as name
         from member_breaks b join users u on u.id = b.user_id
         cross join lateral unnest(array[u.crypto, u.crypto2, u.crypto3]) as c(name)
        where b.ended_at is null and c.name is not null and c.name <> ''`,
    );
    return rows.map((r) => r.name);
  }

  async counts(em: EntityManager): Promise<{ on_break: number; until_asked: number; confirmed_members: number }> {
    const [row] = await em.execute<{ on_break: string; until_asked: string; confirmed_members: string }[]>(
      `select (select count(*) from member_breaks where ended_at is null) as on_break,
              (select count(*) from member_breaks where ended_at is null and period = 'until_asked') as until_asked,
              (select count(*) from users where age_confirmed_at is not null) as confirmed_members`,
    );
    return { on_break: Number(row!.on_break), until_asked: Number(row!.until_asked), confirmed_members: Number(row!.confirmed_members) };
  }

  /** The records export's pages, keyset by id: age confirmations with the member's name. */
  ageConfirmationsAfter(em: EntityManager, afterId: number, limit: number): Promise<AgeConfirmationRecord[]> {
    return em.execute<AgeConfirmationRecord[]>(
      `select c.id, u.username, c.age, c.country, c.confirmed_at from age_confirmations c join users u on u.id = c.user_id
        where c.id > ? order by c.id limit ?`,
      [afterId, limit],
    );
  }

  /** The records export's pages, keyset by id: breaks with the member's name and who ended one early. */
  breaksAfter(em: EntityManager, afterId: number, limit: number): Promise<BreakRecord[]> {
    return em.execute<BreakRecord[]>(
      `select b.id, u.username, b.period, b.started_at, b.ends_at, b.ended_at, a.username as ended_by
         from member_breaks b join users u on u.id = b.user_id left join users a on a.id = b.ended_by
        where b.id > ? order by b.id limit ?`,
      [afterId, limit],
    );
  }
}
