import { z } from 'zod';
import { pageParamSchema } from './paging';
import type { Pagination } from './envelope';

export interface LedgerEntry {
  id: number;
  delta: number;
  reason: string;
  reference: string | null;
  note: string | null;
  created_at: string;
}

/** GET /api/r/points/history */
export interface PointsHistory {
  balance: number;
  entries: LedgerEntry[];
  pagination: Pagination;
}

/** GET /api/admin/users: the members directory's page and its search by username or Kick name. */
export const adminUsersListQuerySchema = z.object({ page: pageParamSchema, search: z.string().trim().max(64).default('') }).strict();
export type AdminUsersListQuery = z.infer<typeof adminUsersListQuerySchema>;

/** POST /api/admin/users/{id}/points */
export const adminPointsAdjustSchema = z
  .object({
    delta: z
      .number()
      .int('Whole points only')
      .refine((v) => v !== 0, 'Must not be zero')
      .refine((v) => Math.abs(v) <= 10_000_000, 'Too large'),
    note: z.string().trim().min(3, 'Give a reason').max(300),
  })
  .strict();
export type AdminPointsAdjust = z.infer<typeof adminPointsAdjustSchema>;

/** GET /api/r/points/standing: the header's balance and level for the logged-in member. */
export interface MemberStanding {
  balance: number;
  level: number;
}
