import type { EntityManager } from '@mikro-orm/postgresql';

/** One entity's audit records, oldest first: what was done to it and by whom. */
export function auditActions(em: EntityManager, entity: string, entityId: number | string) {
  return em
    .fork()
    .execute<{ action: string; actor_id: number }[]>(
      'select action, actor_id from audit_logs where entity = ? and entity_id = ? order by id',
      [entity, String(entityId)],
    );
}
