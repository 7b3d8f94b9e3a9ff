import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditLogEntry, Pagination } from '@kickback/contracts';
import { pagination } from '../database/pagination';

export interface AuditRecord {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

interface AuditRow {
  id: string;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
}

/**
 * What an audited change touched: the row's id and its state before and after (left out stays SQL null), and what
 * the caller answers when that is not the recorded `after` (a view the audit log must not hold, such as a new secret).
 */
export type AuditedChange<A, R = A> = Pick<AuditRecord, 'entityId' | 'before'> & { after?: A; answer?: R };

/** Who changed what and when, written in the same transaction as the admin's change. */
@Injectable()
export class AuditLogService {
  constructor(private readonly em: EntityManager) {}

  async record(tx: EntityManager, rec: AuditRecord): Promise<void> {
    await tx.execute(
      'insert into audit_logs (actor_id, action, entity, entity_id, before, after) values (?, ?, ?, ?, ?::jsonb, ?::jsonb)',
      [
        rec.actorId,
        rec.action,
        rec.entity,
        rec.entityId == null ? null : String(rec.entityId),
        rec.before === undefined ? null : JSON.stringify(rec.before),
        rec.after === undefined ? null : JSON.stringify(rec.after),
      ],
    );
  }

  /**
   * The admin change recipe: `work` makes the change in a transaction of its own and says what it touched, and the
   * audit row is written in that same transaction, so no change is kept without its record. Answers `answer` when
   * `work` gives one, else the `after` state.
   */
  async audited<A, R = A>(
    who: { actorId: number; action: string; entity: string },
    work: (tx: EntityManager) => Promise<AuditedChange<A, R>>,
  ): Promise<R> {
    return this.em.fork().transactional(async (tx) => {
      const { answer, ...change } = await work(tx);
      await this.record(tx, { ...who, ...change });
      return (answer === undefined ? change.after : answer) as R;
    });
  }

  async list(page: number, perPage = 50): Promise<{ data: AuditLogEntry[]; pagination: Pagination }> {
    const em = this.em.fork();
    const [{ count }] = await em.execute<{ count: string }[]>('select count(*)::text as count from audit_logs');
    const rows: AuditRow[] = await em.execute(
      `select a.*, u.username as actor_username from audit_logs a left join users u on u.id = a.actor_id
       order by a.id desc limit ? offset ?`,
      [perPage, (page - 1) * perPage],
    );
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        actor: r.actor_id ? { id: r.actor_id, username: r.actor_username ?? '' } : null,
        action: r.action,
        entity: r.entity,
        entity_id: r.entity_id,
        before: r.before,
        after: r.after,
        created_at: new Date(r.created_at).toISOString(),
      })),
      pagination: pagination(page, perPage, count),
    };
  }
}
