import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** One audit row as stored, with the actor's username (null once the actor is gone or for system changes). */
export interface AuditRow {
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

/** A row to write: `before` and `after` as JSON text, or null for SQL null. */
export interface NewAuditRow {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  beforeJson: string | null;
  afterJson: string | null;
}

/** The audit_logs table's SQL. */
@Injectable()
export class AuditLogRepository {
  async insert(tx: EntityManager, row: NewAuditRow): Promise<void> {
    await tx.execute(
      'insert into audit_logs (actor_id, action, entity, entity_id, before, after) values (?, ?, ?, ?, ?::jsonb, ?::jsonb)',
      [row.actorId, row.action, row.entity, row.entityId, row.beforeJson, row.afterJson],
    );
  }

  async count(em: EntityManager): Promise<string> {
    const [{ count }] = await em.execute<{ count: string }[]>('select count(*)::text as count from audit_logs');
    return count;
  }

  /** Newest first. */
  page(em: EntityManager, limit: number, offset: number): Promise<AuditRow[]> {
    return em.execute<AuditRow[]>(
      `select a.*, u.username as actor_username from audit_logs a left join users u on u.id = a.actor_id
       order by a.id desc limit ? offset ?`,
      [limit, offset],
    );
  }
}
