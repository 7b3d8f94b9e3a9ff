import { z } from 'zod';
import type { Pagination } from './envelope';

/**
 * What an "Import points" file may be (docs/points-import.md): the answer StreamElements documents for a channel's
 * points list (JSON), or a CSV with a header row whose columns the admin names (BotRix documents no export format,
 * so its data, like any other tool's, comes as such a CSV).
 */
export const POINTS_IMPORT_FORMATS = ['streamelements', 'csv'] as const;
export type PointsImportFormat = (typeof POINTS_IMPORT_FORMATS)[number];

/** The largest file an import reads (the request body, sent as text). */
export const POINTS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most member rows one import holds. */
export const POINTS_IMPORT_MAX_ROWS = 100_000;
/** Rows of each list a dry run shows (the counts and totals cover every row). */
export const POINTS_IMPORT_SAMPLE_ROWS = 50;

const column = (label: string) => z.string().trim().min(1, `Name the ${label} column`).max(100, `At most 100 characters.`);

/** Query of POST /api/admin/points-imports/dry-run and POST /api/admin/points-imports; the file is the request body. */
export const pointsImportQuerySchema = z
  .object({
    format: z.enum(POINTS_IMPORT_FORMATS, { errorMap: () => ({ message: 'Choose StreamElements or CSV' }) }),
    username_column: column('username').default('username'),
    points_column: column('points').default('points'),
    watch_time_column: z.string().trim().max(100, 'At most 100 characters.').default(''),
  })
  .strict();
export type PointsImportQuery = z.infer<typeof pointsImportQuerySchema>;

export interface PointsImportRow {
  kick_username: string;
  points: number;
  /** Watch time in minutes, when the file has it. */
  watch_minutes: number | null;
}

export interface PointsImportMatch extends PointsImportRow {
  user: { id: number; username: string };
}

/** A dry run: what applying this file would do, nothing written. */
export interface PointsImportPreview {
  format: PointsImportFormat;
  /** Data rows read (the header not counted). */
  rows_read: number;
  /** Rows of members of the site: credited when the import is applied. */
  matched: { count: number; points: number; rows: PointsImportMatch[] };
  /** Kick names with no member yet: their points wait and are credited at their first login. */
  unknown: { count: number; points: number; rows: PointsImportRow[] };
  /** Names on more than one row: the first row counts, the later ones are listed here and skipped. */
  duplicates: { count: number; rows: { line: number; kick_username: string }[] };
  /** Rows that cannot be imported, with why. */
  invalid: { count: number; rows: { line: number; message: string }[] };
  total_points: number;
  total_watch_minutes: number;
  /** The same rows were already imported (and not rolled back) as this batch: applying changes nothing. */
  already_applied: { id: number; created_at: string } | null;
}

export type PointsImportStatus = 'applied' | 'rolled_back';

/** One import batch in the admin's list. */
export interface PointsImportBatch {
  id: number;
  format: PointsImportFormat;
  status: PointsImportStatus;
  rows: number;
  total_points: number;
  total_watch_minutes: number;
  /** Rows credited to members (at import or at their first login since). */
  credited: number;
  /** Rows still waiting for their member's first login. */
  waiting: number;
  created_by: string | null;
  created_at: string;
  rolled_back_at: string | null;
}

export interface PointsImportList {
  data: PointsImportBatch[];
  pagination: Pagination;
}

/** POST /api/admin/points-imports: the batch, and whether this request applied it (false: the same rows were applied before). */
export interface PointsImportApplied {
  applied: boolean;
  batch: PointsImportBatch;
}
