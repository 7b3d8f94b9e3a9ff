/**
 * How long a failed job is kept for an admin to retry. The event retention purge relies on it: a processed-event row
 * must outlive every job that could still bring its event back, so it enforces this age itself (BullMQ only trims
 * failed jobs when another job fails) and the retention is validated to be longer.
 */
export const FAILED_JOB_KEEP_MS = 7 * 24 * 3600_000;
