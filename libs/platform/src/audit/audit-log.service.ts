import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditLogEntry, Pagination } from '@kickback/contracts';
import { pagination } from '../database/pagination';
import { AuditLogRepository } from './audit-log.repository';

export interface AuditRecord {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * What an audited change touched: the row's id and its state before and after (left out stays SQL null), and what
 * the caller answers when that is not the recorded `after` (a view the audit log must not hold, such as a new secret).
 */
export type AuditedChange<A, R = A> = Pick<AuditRecord, 'entityId' | 'before'> & { after?: A; answer?: R };

/** Who changed what and when, written in the same transaction as the admin's change. */
@Injectable()
export class AuditLogService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AuditLogRepository,
  ) {}

  async record(tx: EntityManager, rec: AuditRecord): Promise<void> {
    await this.repository.insert(tx, {
      actorId: rec.actorId,
      action: rec.action,
      entity: rec.entity,
      entityId: rec.entityId == null ? null : String(rec.entityId),
      beforeJson: rec.before === undefined ? null : JSON.stringify(rec.before),
      afterJson: rec.after === undefined ? null : JSON.stringify(rec.after),
    });
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
    const [count, rows] = await Promise.all([this.repository.count(em), this.repository.page(em, perPage, (page - 1) * perPage)]);
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
