import { z } from 'zod';
import { rowIdSchema } from './ids';

/** What a bulk archive tidies away: only what is over (drawn or cancelled, completed, sold out). */
export const ARCHIVE_KINDS = ['raffles', 'hunts', 'tournaments', 'store_items'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

/** POST /api/admin/archive */
export const archiveRequestSchema = z
  .object({
    kinds: z
      .array(z.enum(ARCHIVE_KINDS))
      .min(1, 'Choose what to archive.')
      .max(ARCHIVE_KINDS.length)
      .refine((kinds) => new Set(kinds).size === kinds.length, 'Each kind once.'),
  })
  .strict();
export type ArchiveRequest = z.infer<typeof archiveRequestSchema>;

/** How many rows of each kind the request archived (0 for kinds not asked for). */
export type ArchiveResult = Record<ArchiveKind, number>;

/** How many archived rows of each kind the admin's restore list shows (newest archived first). */
export const ARCHIVED_SHOWN_PER_KIND = 50;

/** GET /api/admin/archive: what is archived, newest first, each of which can be listed again. */
export interface ArchivedItem {
  kind: ArchiveKind;
  id: number;
  title: string;
  archived_at: string;
}

/** POST /api/admin/archive/restore: lists one archived row again. */
export const restoreArchivedSchema = z.object({ kind: z.enum(ARCHIVE_KINDS), id: rowIdSchema }).strict();
export type RestoreArchivedRequest = z.infer<typeof restoreArchivedSchema>;
