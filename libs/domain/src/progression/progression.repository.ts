import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  XP_PER_LEVEL,
  type AchievementInput,
  type AdminAchievement,
  type AdminBadge,
  type BadgeInput,
  type ProgressionCounter,
  type XpLedgerEntry,
} from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';
import type { XpAward } from './xp-awards';

/** Sorted and without repeats: rows are locked in member order, and a member twice would be one conflict in one statement. */
const uniqueIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** A rule counter over member_xp_sources s: the member's awards of these sources. */
function awardsOf(sources: string): string {
  return `coalesce(sum(s.awards) filter (where s.source in (${sources})), 0)`;
}

/**
 * The rule counters of the members in the int array bound here, one row each (user_id, c): c is a jsonb object keyed
 * like PROGRESSION_COUNTERS. Everything but level and xp counts the member's XP ledger rows by source, as the
 * statement that appends them keeps them in member_xp_sources (one row per member and source, whatever the
 * member's history), so the counters follow the same exactly-once keys as the XP.
 */
const COUNTERS_SQL = `
  select u.user_id, jsonb_build_object(
    'raffle_entries', ${awardsOf("'raffle_entry'")},
    'hunt_predictions', ${awardsOf("'hunt_prediction'")},
    'tournament_predictions', ${awardsOf("'tournament_prediction'")},
    'predictions', ${awardsOf("'hunt_prediction', 'tournament_prediction'")},
    'predictions_scored', ${awardsOf("'hunt_scored', 'tournament_scored'")},
    'redemptions', ${awardsOf("'redemption'")},
    'tickets', ${awardsOf("'ticket'")},
    'tickets_resolved', ${awardsOf("'ticket_resolved'")},
    'friends', ${awardsOf("'friend'")},
    'login_days', ${awardsOf("'login'")},
    'stream_activity', ${awardsOf("'activity'")},
    'level', coalesce(max(m.level), 1),
    'xp', coalesce(max(m.xp), 0)
  ) as c
  from unnest(?::int[]) as u(user_id)
  left join member_xp_sources s on s.user_id = u.user_id
  left join member_xp m on m.user_id = u.user_id
  group by u.user_id`;

export interface Unlocked {
  user_id: number;
  id: number;
  name: string;
  icon: string | null;
}

export interface XpTotals {
  user_id: number;
  xp: number;
  level: number;
  reached_ledger_id: number;
}

/** A member's totals after a set of awards, and their level before it. */
export interface TotalChange extends XpTotals {
  previous_level: number;
}

interface AchievementRow {
  id: number;
  name: string;
  icon: string | null;
  description: string;
  category: AdminAchievement['category'];
  rule_counter: AdminAchievement['rule']['counter'];
  rule_threshold: number;
  active: boolean;
  unlocked_count: number;
  created_at: Date;
}

interface BadgeRow {
  id: number;
  name: string;
  icon: string | null;
  description: string;
  rule_counter: AdminAchievement['rule']['counter'] | null;
  rule_threshold: number | null;
  holders_count: number;
  created_at: Date;
}

const toAchievement = (r: AchievementRow): AdminAchievement => ({
  id: r.id,
  name: r.name,
  icon: r.icon,
  description: r.description,
  category: r.category,
  rule: { counter: r.rule_counter, threshold: r.rule_threshold },
  active: r.active,
  unlocked_count: r.unlocked_count,
  created_at: new Date(r.created_at).toISOString(),
});

const toBadge = (r: BadgeRow): AdminBadge => ({
  id: r.id,
  name: r.name,
  icon: r.icon,
  description: r.description,
  rule: r.rule_counter === null || r.rule_threshold === null ? null : { counter: r.rule_counter, threshold: r.rule_threshold },
  holders_count: r.holders_count,
  created_at: new Date(r.created_at).toISOString(),
});

/** The XP ledger, totals, achievements and badges: every statement of the progression feature. */
@Injectable()
export class ProgressionRepository {
  /**
   * Appends the awards whose keys are not known yet (in the given order: the ledger id is the rank's tie rule) and
   * adds them to the members' totals, all in one statement; returns each member whose total changed. Totals are
   * row-locked upserts taken in member order, so parallel award sets add up and never deadlock on each other.
   */
  async appendAwards(tx: EntityManager, awards: readonly XpAward[]): Promise<TotalChange[]> {
    if (awards.length === 0) return [];
    const rows = await tx.execute<{ user_id: number; xp: string; level: number; reached_ledger_id: string; previous_level: number }[]>(
      `with a as (
         select (p ->> 'userId')::int as user_id, p ->> 'source' as source, (p ->> 'xp')::int as xp, p ->> 'key' as award_key, ord
         from jsonb_array_elements(?::jsonb) with ordinality as t(p, ord)
       ), l as (
         insert into xp_ledger (user_id, source, xp, award_key)
         select a.user_id, a.source, a.xp, a.award_key from a where exists (select 1 from users u where u.id = a.user_id)
         order by a.ord
         on conflict (award_key) do nothing
         returning id, user_id, source, xp
       ), k as (
         insert into member_xp_sources (user_id, source, awards)
         select user_id, source, count(*) from l group by user_id, source order by user_id, source
         on conflict (user_id, source) do update set awards = member_xp_sources.awards + excluded.awards
       ), s as (
         select user_id, sum(xp)::bigint as xp, max(id) as ledger_id from l group by user_id
       ), t as (
         insert into member_xp (user_id, xp, level, reached_ledger_id)
         select user_id, xp, floor(xp / ${XP_PER_LEVEL}) + 1, ledger_id from s order by user_id
         on conflict (user_id) do update set xp = member_xp.xp + excluded.xp,
           level = floor((member_xp.xp + excluded.xp) / ${XP_PER_LEVEL}) + 1,
           reached_ledger_id = greatest(member_xp.reached_ledger_id, excluded.reached_ledger_id), updated_at = now()
         returning user_id, xp, level, reached_ledger_id
       )
       select t.user_id, t.xp, t.level, t.reached_ledger_id, (floor((t.xp - s.xp) / ${XP_PER_LEVEL}) + 1)::int as previous_level
       from t join s on s.user_id = t.user_id order by t.user_id`,
      [JSON.stringify(awards.map((a) => ({ userId: a.userId, source: a.source, xp: a.xp, key: a.key })))],
    );
    return rows.map((r) => ({
      user_id: r.user_id,
      xp: Number(r.xp),
      level: r.level,
      reached_ledger_id: Number(r.reached_ledger_id),
      previous_level: r.previous_level,
    }));
  }

  /**
   * Unlocks every active achievement and grants every rule badge each member now meets, from one reading of their
   * counters (an admin-granted badge, or one no rule names, is left alone); returns only the achievements this call
   * unlocked. One statement, so the counters are read once per batch of awards.
   */
  async applyRules(tx: EntityManager, userIds: readonly number[]): Promise<Unlocked[]> {
    if (userIds.length === 0) return [];
    return tx.execute<Unlocked[]>(
      `with counters as (${COUNTERS_SQL}),
       ins as (
         insert into member_achievements (user_id, achievement_id)
         select counters.user_id, a.id from achievements a, counters
         where a.active and coalesce((counters.c ->> a.rule_counter)::bigint, 0) >= a.rule_threshold
         order by counters.user_id, a.id
         on conflict do nothing returning user_id, achievement_id
       ), granted as (
         insert into member_badges (user_id, badge_id, granted_by)
         select counters.user_id, b.id, 'rule' from badges b, counters
         where b.rule_counter is not null and coalesce((counters.c ->> b.rule_counter)::bigint, 0) >= b.rule_threshold
         order by counters.user_id, b.id
         on conflict do nothing
       )
       select ins.user_id, a.id, a.name, a.icon from ins join achievements a on a.id = ins.achievement_id order by ins.user_id, a.id`,
      [intArrayLiteral(uniqueIds(userIds))],
    );
  }

  async totals(em: EntityManager, userIds: number[]): Promise<XpTotals[]> {
    if (userIds.length === 0) return [];
    const rows = await em.execute<{ user_id: number; xp: string; level: number; reached_ledger_id: string }[]>(
      `select user_id, xp, level, reached_ledger_id from member_xp where user_id = any(?::int[])`,
      [`{${userIds.join(',')}}`],
    );
    return rows.map((r) => ({ user_id: r.user_id, xp: Number(r.xp), level: r.level, reached_ledger_id: Number(r.reached_ledger_id) }));
  }

  /** Every member's totals, in pages by user id, for rebuilding the rank set. */
  async totalsAfter(em: EntityManager, afterUserId: number, limit: number): Promise<XpTotals[]> {
    const rows = await em.execute<{ user_id: number; xp: string; level: number; reached_ledger_id: string }[]>(
      `select user_id, xp, level, reached_ledger_id from member_xp where user_id > ? order by user_id limit ?`,
      [afterUserId, limit],
    );
    return rows.map((r) => ({ user_id: r.user_id, xp: Number(r.xp), level: r.level, reached_ledger_id: Number(r.reached_ledger_id) }));
  }

  /** The member's rule counters (what achievement and badge rules compare with their thresholds). */
  async counters(em: EntityManager, userId: number): Promise<Partial<Record<ProgressionCounter, number>>> {
    const [row] = await em.execute<{ c: Partial<Record<ProgressionCounter, number | string>> }[]>(COUNTERS_SQL, [
      intArrayLiteral([userId]),
    ]);
    return Object.fromEntries(Object.entries(row?.c ?? {}).map(([k, v]) => [k, Number(v)]));
  }

  /** The name the member goes by in public (stream alerts): the Kick name, else the username, as every list shows it. */
  async username(em: EntityManager, userId: number): Promise<string | null> {
    const [row] = await em.execute<{ username: string }[]>(
      `select coalesce(nullif(kick_username, ''), username) as username from users where id = ?`,
      [userId],
    );
    return row?.username ?? null;
  }

  /** Recomputes every member's totals and awards per source from the ledger (the ledger is the truth; these are its sums). */
  async recomputeTotals(tx: EntityManager): Promise<void> {
    await tx.execute(
      `insert into member_xp (user_id, xp, level, reached_ledger_id)
       select user_id, sum(xp), floor(sum(xp) / ${XP_PER_LEVEL}) + 1, max(id) from xp_ledger group by user_id
       on conflict (user_id) do update set xp = excluded.xp, level = excluded.level,
         reached_ledger_id = excluded.reached_ledger_id, updated_at = now()`,
    );
    await tx.execute(
      `with counted as (
         select user_id, source, count(*) as awards from xp_ledger group by user_id, source
       ), gone as (
         delete from member_xp_sources m where not exists (select 1 from counted c where c.user_id = m.user_id and c.source = m.source)
       )
       insert into member_xp_sources (user_id, source, awards)
       select user_id, source, awards from counted order by user_id, source
       on conflict (user_id, source) do update set awards = excluded.awards`,
    );
  }

  async membersWithXp(em: EntityManager): Promise<number[]> {
    const rows = await em.execute<{ user_id: number }[]>('select user_id from member_xp order by user_id');
    return rows.map((r) => r.user_id);
  }

  // --- admin ----------------------------------------------------------------------------------------------------

  async achievements(em: EntityManager, id?: number): Promise<AdminAchievement[]> {
    const rows = await em.execute<AchievementRow[]>(
      `select a.*, (select count(*)::int from member_achievements m where m.achievement_id = a.id) as unlocked_count
       from achievements a where (?::int is null or a.id = ?) order by a.position, a.id`,
      [id ?? null, id ?? null],
    );
    return rows.map(toAchievement);
  }

  async insertAchievement(tx: EntityManager, input: AchievementInput): Promise<number | null> {
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into achievements (name, icon, description, category, rule_counter, rule_threshold, active)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (name) do nothing returning id`,
      [input.name, input.icon, input.description, input.category, input.rule.counter, input.rule.threshold, input.active],
    );
    return row?.id ?? null;
  }

  async updateAchievement(tx: EntityManager, id: number, input: AchievementInput): Promise<void> {
    await tx.execute(
      `update achievements set name = ?, icon = ?, description = ?, category = ?, rule_counter = ?, rule_threshold = ?, active = ?
       where id = ?`,
      [input.name, input.icon, input.description, input.category, input.rule.counter, input.rule.threshold, input.active, id],
    );
  }

  async lockAchievement(tx: EntityManager, id: number): Promise<AdminAchievement | null> {
    await tx.execute('select id from achievements where id = ? for update', [id]);
    return (await this.achievements(tx, id))[0] ?? null;
  }

  async achievementNameTaken(em: EntityManager, name: string, exceptId: number | null): Promise<boolean> {
    const rows = await em.execute('select 1 from achievements where lower(name) = lower(?) and id <> coalesce(?::int, 0)', [
      name,
      exceptId,
    ]);
    return rows.length > 0;
  }

  async deleteAchievement(tx: EntityManager, id: number): Promise<void> {
    await tx.execute('delete from achievements where id = ?', [id]);
  }

  async badges(em: EntityManager, id?: number): Promise<AdminBadge[]> {
    const rows = await em.execute<BadgeRow[]>(
      `select b.*, (select count(*)::int from member_badges m where m.badge_id = b.id) as holders_count
       from badges b where (?::int is null or b.id = ?) order by b.id`,
      [id ?? null, id ?? null],
    );
    return rows.map(toBadge);
  }

  async insertBadge(tx: EntityManager, input: BadgeInput): Promise<number | null> {
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into badges (name, icon, description, rule_counter, rule_threshold) values (?, ?, ?, ?, ?)
       on conflict (name) do nothing returning id`,
      [input.name, input.icon, input.description, input.rule?.counter ?? null, input.rule?.threshold ?? null],
    );
    return row?.id ?? null;
  }

  async updateBadge(tx: EntityManager, id: number, input: BadgeInput): Promise<void> {
    await tx.execute('update badges set name = ?, icon = ?, description = ?, rule_counter = ?, rule_threshold = ? where id = ?', [
      input.name,
      input.icon,
      input.description,
      input.rule?.counter ?? null,
      input.rule?.threshold ?? null,
      id,
    ]);
  }

  async lockBadge(tx: EntityManager, id: number): Promise<AdminBadge | null> {
    await tx.execute('select id from badges where id = ? for update', [id]);
    return (await this.badges(tx, id))[0] ?? null;
  }

  async badgeNameTaken(em: EntityManager, name: string, exceptId: number | null): Promise<boolean> {
    const rows = await em.execute('select 1 from badges where lower(name) = lower(?) and id <> coalesce(?::int, 0)', [name, exceptId]);
    return rows.length > 0;
  }

  async deleteBadge(tx: EntityManager, id: number): Promise<void> {
    await tx.execute('delete from badges where id = ?', [id]);
  }

  async userExists(em: EntityManager, userId: number): Promise<{ id: number; username: string } | null> {
    const [row] = await em.execute<{ id: number; username: string }[]>('select id, username from users where id = ?', [userId]);
    return row ?? null;
  }

  async grantBadge(tx: EntityManager, userId: number, badgeId: number): Promise<boolean> {
    const rows = await tx.execute(
      `insert into member_badges (user_id, badge_id, granted_by) values (?, ?, 'admin') on conflict do nothing returning badge_id`,
      [userId, badgeId],
    );
    return rows.length > 0;
  }

  async revokeBadge(tx: EntityManager, userId: number, badgeId: number): Promise<boolean> {
    const rows = await tx.execute('delete from member_badges where user_id = ? and badge_id = ? returning badge_id', [userId, badgeId]);
    return rows.length > 0;
  }

  async ledgerCount(em: EntityManager, userId: number): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>('select count(*)::int as n from xp_ledger where user_id = ?', [userId]);
    return row!.n;
  }

  async ledgerPage(em: EntityManager, userId: number, limit: number, offset: number): Promise<XpLedgerEntry[]> {
    const rows = await em.execute<{ id: string; source: XpLedgerEntry['source']; xp: number; award_key: string; created_at: Date }[]>(
      'select id, source, xp, award_key, created_at from xp_ledger where user_id = ? order by id desc limit ? offset ?',
      [userId, limit, offset],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      source: r.source,
      xp: r.xp,
      key: r.award_key,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  async memberBadges(em: EntityManager, userId: number) {
    const rows = await em.execute<{ id: number; name: string; icon: string | null; granted_by: 'rule' | 'admin'; granted_at: Date }[]>(
      `select b.id, b.name, b.icon, m.granted_by, m.granted_at from member_badges m join badges b on b.id = m.badge_id
       where m.user_id = ? order by m.granted_at, b.id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, granted_at: new Date(r.granted_at).toISOString() }));
  }

  async memberAchievements(em: EntityManager, userId: number) {
    const rows = await em.execute<{ id: number; name: string; unlocked_at: Date }[]>(
      `select a.id, a.name, m.unlocked_at from member_achievements m join achievements a on a.id = m.achievement_id
       where m.user_id = ? order by m.unlocked_at, a.id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, unlocked_at: new Date(r.unlocked_at).toISOString() }));
  }
}
