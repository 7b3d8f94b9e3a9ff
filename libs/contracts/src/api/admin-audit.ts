export interface AuditLogEntry {
  id: number;
  actor: { id: number; username: string } | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
}
