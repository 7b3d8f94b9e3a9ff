import { z } from 'zod';
import { pageParamSchema, pageQuerySchema } from './paging';
import { webUrl } from '../urls';
import { rowIdSchema } from './ids';
import type { Pagination } from './envelope';

/**
 * Every kind of prize that is paid out. `race` is a wager race's place (it records its winners like the leaderboard);
 * `store` a redeemed store item with a cash value.
 */
export const PAYOUT_SOURCES = ['raffle', 'hunt', 'tournament', 'leaderboard', 'race', 'store'] as const;
export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

/** waiting_approval → approved → processing → paid; failed (retryable back to approved/processing) or cancelled. */
export const PAYOUT_STATUSES = ['waiting_approval', 'approved', 'processing', 'paid', 'failed', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  waiting_approval: 'Waiting approval',
  approved: 'Approved',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const PAYOUT_SOURCE_LABELS: Record<PayoutSource, string> = {
  raffle: 'Raffle',
  hunt: 'Bonus hunt',
  tournament: 'Tournament',
  leaderboard: 'Leaderboard',
  race: 'Wager race',
  store: 'Store',
};

/**
 * The moves an admin may make from each status. A failed payout goes back only when it was marked retryable
 * (checked on the server); paid and cancelled are final.
 */
export const PAYOUT_TRANSITIONS: Record<PayoutStatus, readonly PayoutStatus[]> = {
  waiting_approval: ['approved', 'cancelled'],
  approved: ['processing', 'paid', 'failed', 'cancelled'],
  processing: ['paid', 'failed', 'cancelled'],
  failed: ['approved', 'processing', 'cancelled'],
  paid: [],
  cancelled: [],
};

/** How long a payout has waited in its status, as the queue's age filter names it. */
export const PAYOUT_AGES = ['all', 'overdue', 'day', 'week', 'month'] as const;
export type PayoutAge = (typeof PAYOUT_AGES)[number];

/** The words the server answers and the pages show, word for word. */
export const PAYOUT_MESSAGES = {
  notFound: 'Payout not found.',
  updated: (id: number, status: PayoutStatus) => `Payout #${id} is now ${PAYOUT_STATUS_LABELS[status]}.`,
  /** The compare-and-set lost: someone else moved the payout first. */
  changedBy: (id: number, status: PayoutStatus, who: string | null) =>
    `Payout #${id} is already ${PAYOUT_STATUS_LABELS[status]}${who ? `: ${who} changed it first` : ''}. Reload to see it.`,
  notAllowed: (from: PayoutStatus, to: PayoutStatus) =>
    `A payout that is ${PAYOUT_STATUS_LABELS[from]} cannot be marked ${PAYOUT_STATUS_LABELS[to]}.`,
  notRetryable: 'This payout failed for good: it can only be cancelled.',
  reasonRequired: 'Give the reason.',
  proofRequired: 'Add the proof: a transaction id or hash, a link or a screenshot.',
  bulkApproved: (approved: number, skipped: number) =>
    `${approved} ${approved === 1 ? 'payout' : 'payouts'} approved${skipped ? `; ${skipped} changed by someone else first` : ''}.`,
  proofUploaded: 'Proof screenshot saved.',
  proofImageMissing: 'Choose a screenshot to upload.',
  settingsSaved: 'Payout settings saved.',
  /** Cancellation reasons the system writes. */
  rerolled: (reason: string | null) => `The raffle winner was rerolled${reason ? `: ${reason}` : ''}.`,
  unclaimed: 'The prize was not claimed before the deadline and passed to the next person in the draw order.',
  pointsCredited: 'Credited to the points balance.',
  storeDelivered: 'Delivered through the store.',
  legacy: 'Recorded as paid before the payout ledger existed.',
} as const;

/** The member's notice for a change of one of their payouts (a site notification). */
export const payoutNotification = (prize: string, status: PayoutStatus) => `Your prize ${prize} is now ${PAYOUT_STATUS_LABELS[status]}.`;

const reasonText = z.string().trim().min(1, PAYOUT_MESSAGES.reasonRequired).max(500);

/** POST /api/admin/payouts/{id}/status: a compare-and-set move from the status the admin saw. */
export const payoutTransitionSchema = z
  .object({
    from: z.enum(PAYOUT_STATUSES),
    to: z.enum(PAYOUT_STATUSES),
    /** Failed and cancelled: why (required). */
    reason: reasonText.optional(),
    /** Failed: whether it may be tried again. */
    retryable: z.boolean().optional(),
    /** Paid: a transaction id or hash, and/or a link (a screenshot is uploaded beforehand). */
    proof_reference: z.string().trim().min(1).max(200).optional(),
    proof_url: webUrl('Must be a full http(s) URL', 2000).optional(),
  })
  .strict();
export type PayoutTransition = z.infer<typeof payoutTransitionSchema>;

export const payoutBulkApproveSchema = z.object({ ids: z.array(rowIdSchema).min(1).max(100) }).strict();
export type PayoutBulkApprove = z.infer<typeof payoutBulkApproveSchema>;

/** GET /api/admin/payouts and its CSV export: the queue's filters. */
export const adminPayoutsQuerySchema = z
  .object({
    status: z.enum(['all', 'open', ...PAYOUT_STATUSES]).default('open'),
    source: z.enum(['all', ...PAYOUT_SOURCES]).default('all'),
    age: z.enum(PAYOUT_AGES).default('all'),
    page: pageParamSchema,
  })
  .strict();
export type AdminPayoutsQuery = z.infer<typeof adminPayoutsQuerySchema>;
export type AdminPayoutsFilters = Omit<AdminPayoutsQuery, 'page'>;

export const payoutPageQuerySchema = pageQuerySchema;

/** The streamer's payout promise and what the public sees. */
export const payoutSettingsSchema = z
  .object({
    promise_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
    show_pending_total: z.boolean(),
    proof_public_sources: z.array(z.enum(PAYOUT_SOURCES)).max(PAYOUT_SOURCES.length),
  })
  .strict();
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;
export const payoutSettingsUpdateSchema = payoutSettingsSchema.partial().strict();
export type PayoutSettingsUpdate = z.infer<typeof payoutSettingsUpdateSchema>;

/** The proof of a payment; `image` is a path to read it through (access checked there). */
export interface PayoutProof {
  reference: string | null;
  url: string | null;
  image: string | null;
}

/** One payout as the admin queue shows it. */
export interface AdminPayout {
  id: number;
  source: PayoutSource;
  subject: { id: number; title: string; path: string };
  place: number;
  recipient: { user: { id: number; username: string } | null; casino_username: string | null; name: string };
  prize: string;
  amount: number | null;
  currency: string | null;
  value_usd: number | null;
  status: PayoutStatus;
  reason: string | null;
  retryable: boolean;
  claim_deadline: string | null;
  proof: PayoutProof;
  created_at: string;
  status_changed_at: string;
  changed_by: { id: number; username: string } | null;
  paid_at: string | null;
  /** Waited in its status longer than the streamer's promise. */
  overdue: boolean;
}

export interface AdminPayoutList {
  data: AdminPayout[];
  pagination: Pagination;
  overdue_total: number;
  promise_hours: number;
}

/** GET /api/r/payouts/mine: one of the member's own prizes. */
export interface MyPrize {
  id: number;
  source: PayoutSource;
  subject: { title: string; path: string };
  place: number;
  prize: string;
  amount: number | null;
  currency: string | null;
  status: PayoutStatus;
  reason: string | null;
  claim_deadline: string | null;
  proof: PayoutProof;
  created_at: string;
  status_changed_at: string;
  paid_at: string | null;
}

/** GET /api/r/payouts: a paid prize as the public sees it. */
export interface PublicPayout {
  id: number;
  source: PayoutSource;
  subject: { title: string; path: string };
  /** Masked as the leaderboard masks casino usernames. */
  recipient: string;
  prize: string;
  amount: number | null;
  currency: string | null;
  value_usd: number | null;
  paid_at: string;
  /** Null where the streamer does not publish proof for this source. */
  proof: PayoutProof | null;
}

export interface PayoutMonthTotal {
  /** YYYY-MM (UTC). */
  month: string;
  total_usd: number;
  count: number;
}

/** Room user:{id}: one of the member's prizes changed (created, approved, paid…), as My prizes lists it. */
export interface PayoutChangedPush {
  prize: MyPrize;
}

/** GET /api/admin/payouts/overdue: what Go live flags. */
export interface PayoutOverdueSummary {
  overdue: number;
  promise_hours: number;
}
