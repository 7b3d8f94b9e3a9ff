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

/** GET /api/admin/worker-status: "stale" after a minute without a beat, "unknown" when no worker ever beat. */
export interface WorkerStatus {
  status: 'up' | 'stale' | 'unknown';
  last_beat_at: string | null;
}
