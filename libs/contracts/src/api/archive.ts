import { z } from 'zod';

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
