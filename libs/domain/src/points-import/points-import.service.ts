import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  POINTS_IMPORT_SAMPLE_ROWS,
  type PointsImportApplied,
  type PointsImportBatch,
  type PointsImportList,
  type PointsImportPreview,
  type PointsImportQuery,
} from '@kickback/contracts';
import { AuditLogService, conflict, notFound, pagination, unprocessable, isoOrNull } from '@kickback/platform';
import { EconomyService, type PointsChange } from '../economy/economy.service';
import { InsufficientPointsError } from '../economy/points.errors';
import { readImportFile, type ImportFile, type ImportFileRow } from './points-import-file';
import { PointsImportRepository, type BatchRow, type MemberMatch } from './points-import.repository';

/** Credits (or rollback debits) of one statement: a 100,000-row import is twenty statements, not one JSON document of 100,000 rows. */
const CREDIT_CHUNK = 5000;
const PER_PAGE = 25;

interface Planned {
  file: ImportFile;
  rows: ImportFileRow[];
  members: Map<string, MemberMatch>;
  sha256: string;
  points: number;
  watchMinutes: number;
}

/**
 * Points brought over from another loyalty tool (docs/points-import.md). A dry run reads the file and matches its Kick
 * names to members without writing anything. Applying writes one batch: members are credited at once (ledger reason
 * `import`, reference `import:{batch}`), names without a member wait and are credited at that member's first login.
 * The batch is keyed by its rows' content, so applying the same rows again changes nothing; a batch can be rolled back
 * while every credited member's balance still covers what the batch gave them.
 */
@Injectable()
export class PointsImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: PointsImportRepository,
    private readonly economy: EconomyService,
    private readonly audit: AuditLogService,
  ) {}

  async dryRun(query: PointsImportQuery, body: Readable): Promise<PointsImportPreview> {
    const em = this.em.fork();
    const plan = await this.plan(em, query, body);
    const matched = plan.rows.filter((r) => plan.members.has(r.kick_name));
    const unknown = plan.rows.filter((r) => !plan.members.has(r.kick_name));
    const sum = (rows: ImportFileRow[]) => rows.reduce((n, r) => n + r.points, 0);
    const previous = await this.repository.appliedWith(em, plan.sha256);
    return {
      format: query.format,
      rows_read: plan.file.rows_read,
      matched: {
        count: matched.length,
        points: sum(matched),
        rows: matched.slice(0, POINTS_IMPORT_SAMPLE_ROWS).map((r) => {
          const member = plan.members.get(r.kick_name)!;
          return { ...publicRow(r), user: { id: member.user_id, username: member.username } };
        }),
      },
      unknown: { count: unknown.length, points: sum(unknown), rows: unknown.slice(0, POINTS_IMPORT_SAMPLE_ROWS).map(publicRow) },
      duplicates: plan.file.duplicates,
      invalid: plan.file.invalid,
      total_points: plan.points,
      total_watch_minutes: plan.watchMinutes,
      already_applied: previous ? { id: previous.id, created_at: new Date(previous.created_at).toISOString() } : null,
    };
  }

  async apply(actorId: number, query: PointsImportQuery, body: Readable): Promise<PointsImportApplied> {
    const plan = await this.plan(this.em.fork(), query, body);
    if (!plan.rows.length) throw unprocessable('No row of the file can be imported.', { file: ['No row of the file can be imported.'] });
    const outcome = await this.em.fork().transactional(async (tx) => {
      await this.repository.lockContent(tx, plan.sha256);
      const previous = await this.repository.appliedWith(tx, plan.sha256);
      if (previous) return { applied: false, id: previous.id };
      // Matched again inside the transaction: a member who logged in since the dry run is credited now.
      const members = new Map(
        (
          await this.repository.matchMembers(
            tx,
            plan.rows.map((r) => r.kick_name),
          )
        ).map((m) => [m.kick_name, m]),
      );
      const id = await this.repository.insertBatch(tx, {
        format: query.format,
        sha256: plan.sha256,
        rows: plan.rows.length,
        points: plan.points,
        watchMinutes: plan.watchMinutes,
        actorId,
      });
      await this.repository.insertRows(
        tx,
        id,
        plan.rows.map((r) => ({
          kick_name: r.kick_name,
          points: r.points,
          watch_minutes: r.watch_minutes,
          user_id: members.get(r.kick_name)?.user_id ?? null,
        })),
      );
      const credits = plan.rows
        .filter((r) => members.has(r.kick_name))
        .map((r) => importCredit(id, r.kick_name, members.get(r.kick_name)!.user_id, r.points, actorId));
      for (let i = 0; i < credits.length; i += CREDIT_CHUNK) await this.economy.creditMany(tx, credits.slice(i, i + CREDIT_CHUNK));
      await this.audit.record(tx, {
        actorId,
        action: 'points.import',
        entity: 'points_import',
        entityId: id,
        after: {
          format: query.format,
          rows: plan.rows.length,
          credited: credits.length,
          waiting: plan.rows.length - credits.length,
          total_points: plan.points,
        },
      });
      return { applied: true, id };
    });
    return { applied: outcome.applied, batch: await this.get(outcome.id) };
  }

  /** Takes back every credit of the batch and cancels its waiting rows, or changes nothing (409) when a member spent some. */
  async rollback(actorId: number, id: number): Promise<PointsImportBatch> {
    await this.em.fork().transactional(async (tx) => {
      const batch = await this.repository.lockBatch(tx, id);
      if (!batch) throw notFound('Import not found.');
      if (batch.status === 'rolled_back') throw conflict('This import has already been rolled back.');
      const credited = await this.repository.creditedRows(tx, id);
      for (let i = 0; i < credited.length; i += CREDIT_CHUNK) {
        const chunk = credited.slice(i, i + CREDIT_CHUNK);
        try {
          await this.economy.debitMany(
            tx,
            chunk.map((row) => ({
              userId: row.user_id,
              amount: Number(row.points),
              reason: 'import.rollback',
              reference: `import:${id}`,
              idempotencyKey: `import-rollback:${id}:${row.kick_name}`,
              actorId,
            })),
          );
        } catch (err) {
          if (!(err instanceof InsufficientPointsError)) throw err;
          const name = chunk.find((row) => row.user_id === err.userId)?.kick_name ?? 'A member';
          throw conflict(`${name} has already spent points from this import, so it can no longer be rolled back.`);
        }
      }
      await this.repository.markRolledBack(tx, id, actorId);
      await this.audit.record(tx, {
        actorId,
        action: 'points.import.rollback',
        entity: 'points_import',
        entityId: id,
        after: { debited: credited.length, points: credited.reduce((n, r) => n + Number(r.points), 0) },
      });
    });
    return this.get(id);
  }

  /** Credits the waiting rows of this member's Kick name (their first login, or the first since the import). */
  async creditWaiting(tx: EntityManager, userId: number): Promise<void> {
    const waiting = await this.repository.waitingFor(tx, userId);
    if (!waiting.length) return;
    await this.economy.creditMany(
      tx,
      waiting.map((r) => importCredit(r.import_id, r.kick_name, userId, Number(r.points), null)),
    );
    await this.repository.markCredited(
      tx,
      waiting.map((r) => r.id),
      userId,
    );
  }

  async list(page: number): Promise<PointsImportList> {
    const em = this.em.fork();
    const [total, rows] = await Promise.all([this.repository.count(em), this.repository.page(em, PER_PAGE, (page - 1) * PER_PAGE)]);
    return { data: rows.map(toBatch), pagination: pagination(page, PER_PAGE, total) };
  }

  async get(id: number): Promise<PointsImportBatch> {
    const row = await this.repository.batch(this.em.fork(), id);
    if (!row) throw notFound('Import not found.');
    return toBatch(row);
  }

  private async plan(em: EntityManager, query: PointsImportQuery, body: Readable): Promise<Planned> {
    const file = await readImportFile(query, body);
    const rows = [...file.rows.values()];
    const members = new Map(
      (
        await this.repository.matchMembers(
          em,
          rows.map((r) => r.kick_name),
        )
      ).map((m) => [m.kick_name, m]),
    );
    return {
      file,
      rows,
      members,
      sha256: contentHash(rows),
      points: rows.reduce((n, r) => n + r.points, 0),
      watchMinutes: rows.reduce((n, r) => n + (r.watch_minutes ?? 0), 0),
    };
  }
}

/** The same rows hash alike whatever their order, format, spelling of a name's case or file around them. */
function contentHash(rows: ImportFileRow[]): string {
  const lines = rows.map((r) => `${r.kick_name}\t${r.points}\t${r.watch_minutes ?? ''}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** One ledger credit per batch and Kick name: its key makes a repeat (a redelivered login event) a no-op. */
const importCredit = (importId: number, kickName: string, userId: number, points: number, actorId: number | null): PointsChange => ({
  userId,
  amount: points,
  reason: 'import',
  reference: `import:${importId}`,
  idempotencyKey: `import:${importId}:${kickName}`,
  actorId,
});

const publicRow = (r: ImportFileRow) => ({ kick_username: r.kick_username, points: r.points, watch_minutes: r.watch_minutes });

const toBatch = (r: BatchRow): PointsImportBatch => ({
  id: r.id,
  format: r.format,
  status: r.status,
  rows: r.rows_count,
  total_points: Number(r.total_points),
  total_watch_minutes: Number(r.total_watch_minutes),
  credited: r.credited,
  waiting: r.status === 'applied' ? r.waiting : 0,
  created_by: r.created_by,
  created_at: new Date(r.created_at).toISOString(),
  rolled_back_at: isoOrNull(r.rolled_back_at),
});
