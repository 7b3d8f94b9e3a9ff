/** GET /api/admin/queues */
export interface QueueSummary {
  name: string;
  counts: Record<string, number>;
}

/** GET /api/admin/queues/{name}/failed */
export interface FailedJob {
  id: string;
  name: string;
  failed_reason: string;
  attempts_made: number;
  failed_at: string | null;
  data: unknown;
}
