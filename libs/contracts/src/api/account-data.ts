import { z } from 'zod';

/** How long a built archive can be downloaded. */
export const ACCOUNT_EXPORT_TTL_HOURS = 48;

export type AccountExportStatus = 'pending' | 'ready' | 'failed' | 'expired';

/** GET/POST /api/r/account/export: the member's latest data archive. */
export interface AccountExport {
  id: number;
  status: AccountExportStatus;
  requested_at: string;
  ready_at: string | null;
  /** After this the archive is deleted and the link stops working. */
  expires_at: string | null;
  /** Same-site path of the JSON archive while it is ready; only its owner may open it. */
  download_url: string | null;
}

/** DELETE /api/r/account: the member types their site name to confirm. */
export const accountDeleteSchema = z
  .object({
    confirm_username: z
      .string({ required_error: 'Type your username to confirm.', invalid_type_error: 'Type your username to confirm.' })
      .trim()
      .min(1, 'Type your username to confirm.')
      .max(64, 'That is not your username.'),
  })
  .strict();
export type AccountDeleteInput = z.infer<typeof accountDeleteSchema>;

/** What public pages show for a deleted member's rows (draws, ledgers and leaderboards keep the rows). */
export const DELETED_MEMBER_NAME = 'Deleted member';

/** The archive's top-level parts (docs/account-data.md). */
export const ACCOUNT_ARCHIVE_PARTS = [
  'profile',
  'settings',
  'points_ledger',
  'raffle_entries',
  'hunt_predictions',
  'tournament_predictions',
  'redemptions',
  'payouts',
  'slot_requests',
  'poll_votes',
  'contest_stakes',
  'tickets',
  'friends',
] as const;
