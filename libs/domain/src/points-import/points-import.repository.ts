import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PointsImportFormat, PointsImportStatus } from '@kickback/contracts';

export interface MemberMatch {
  kick_name: string;
  user_id: number;
  username: string;
}

export interface BatchRow {
  id: number;
  format: PointsImportFormat;
  status: PointsImportStatus;
  rows_count: number;
  total_points: string;
  total_watch_minutes: string;
  credited: number;
  waiting: number;
  created_by: string | null;
  created_at: Date;
  rolled_back_at: Date | null;
}

export interface NewBatchRow {
  kick_name: string;
  points: number;
  watch_minutes: number | null;
  user_id: number | null;
}

export interface CreditedRow {
  id: string;
  import_id: number;
  kick_name: string;
  user_id: number;
  points: string;
}

const BATCH_SELECT = `
  select i.id, i.format, i.status, i.rows_count, i.total_points::text as total_points,
         i.total_watch_minutes::text as total_watch_minutes,
         (select count(*)::int from points_import_rows r where r.import_id = i.id and r.credited_at is not null) as credited,
         (select count(*)::int from points_import_rows r where r.import_id = i.id and r.credited_at is null) as waiting,
         u.username as created_by, i.created_at, i.rolled_back_at
  from points_imports i left join users u on u.id = i.created_by`;

/** Import batches and their rows; members are found by Kick name (case-insensitive) in `users`. */
@Injectable()
export class PointsImportRepository {
  /** The member of each of these lower-case Kick names who has one (the oldest account when several share it). */
  matchMembers(em: EntityManager, kickNames: string[]): Promise<MemberMatch[]> {
    return em.execute<MemberMatch[]>(
      `select distinct on (lower(u.kick_username)) lower(u.kick_username) as kick_name, u.id as user_id, u.username
       from users u where lower(u.kick_username) in (select json_array_elements_text(?::json))
       order by lower(u.kick_username), u.id`,
      [JSON.stringify(kickNames)],
    );
  }

  /** Serialises applies of the same content: the second waits, then finds the first one's batch. */
  async lockContent(em: EntityManager, sha256: string): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtextextended('points-import:' || ?, 0))`, [sha256]);
  }

  async appliedWith(em: EntityManager, sha256: string): Promise<{ id: number; created_at: Date } | null> {
    const [row] = await em.execute<{ id: number; created_at: Date }[]>(
      `select id, created_at from points_imports where content_sha256 = ? and status = 'applied'`,
      [sha256],
    );
    return row ?? null;
  }

  async insertBatch(
    em: EntityManager,
    batch: { format: PointsImportFormat; sha256: string; rows: number; points: number; watchMinutes: number; actorId: number },
  ): Promise<number> {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into points_imports (format, content_sha256, rows_count, total_points, total_watch_minutes, created_by)
       values (?, ?, ?, ?, ?, ?) returning id`,
      [batch.format, batch.sha256, batch.rows, batch.points, batch.watchMinutes, batch.actorId],
    );
    return row!.id;
  }

  /** The batch's rows; those with a member are marked credited (the caller credits them in the same transaction). */
  async insertRows(em: EntityManager, importId: number, rows: NewBatchRow[]): Promise<void> {
    await em.execute(
      `insert into points_import_rows (import_id, kick_name, points, watch_minutes, user_id, credited_at)
       select ?, kick_name, points, watch_minutes, user_id, case when user_id is null then null else now() end
       from json_to_recordset(?::json) as r(kick_name text, points bigint, watch_minutes int, user_id int)`,
      [importId, JSON.stringify(rows)],
    );
  }

  async batch(em: EntityManager, id: number): Promise<BatchRow | null> {
    const [row] = await em.execute<BatchRow[]>(`${BATCH_SELECT} where i.id = ?`, [id]);
    return row ?? null;
  }

  count(em: EntityManager): Promise<number> {
    return em.execute<{ n: number }[]>('select count(*)::int as n from points_imports').then(([row]) => row!.n);
  }

  page(em: EntityManager, limit: number, offset: number): Promise<BatchRow[]> {
    return em.execute<BatchRow[]>(`${BATCH_SELECT} order by i.id desc limit ? offset ?`, [limit, offset]);
  }

  /** Locks the batch against a concurrent rollback or a first login's claim; null when there is none. */
  async lockBatch(em: EntityManager, id: number): Promise<{ status: PointsImportStatus } | null> {
    const [row] = await em.execute<{ status: PointsImportStatus }[]>('select status from points_imports where id = ? for update', [id]);
    return row ?? null;
  }

  creditedRows(em: EntityManager, importId: number): Promise<CreditedRow[]> {
    return em.execute<CreditedRow[]>(
      `select id::text as id, import_id, kick_name, user_id, points::text as points from points_import_rows
       where import_id = ? and credited_at is not null and user_id is not null order by user_id`,
      [importId],
    );
  }

  async markRolledBack(em: EntityManager, id: number, actorId: number): Promise<void> {
    await em.execute(`update points_imports set status = 'rolled_back', rolled_back_by = ?, rolled_back_at = now() where id = ?`, [
      actorId,
      id,
    ]);
  }

  /**
   * The waiting rows of applied batches for this member's Kick name, locked: a rollback of their batch (which locks
   * the batch row for update) either runs first, and then they are no longer waiting in an applied batch, or waits.
   */
  waitingFor(em: EntityManager, userId: number): Promise<CreditedRow[]> {
    return em.execute<CreditedRow[]>(
      `select r.id::text as id, r.import_id, r.kick_name, u.id as user_id, r.points::text as points
       from users u
       join points_import_rows r on r.kick_name = lower(u.kick_username) and r.credited_at is null
       join points_imports i on i.id = r.import_id and i.status = 'applied'
       where u.id = ? order by r.id
       for update of r for share of i`,
      [userId],
    );
  }

  async markCredited(em: EntityManager, rowIds: string[], userId: number): Promise<void> {
    await em.execute(
      `update points_import_rows set user_id = ?, credited_at = now()
       where id in (select json_array_elements_text(?::json)::bigint)`,
      [userId, JSON.stringify(rowIds)],
    );
  }
}
