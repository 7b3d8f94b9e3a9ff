import type { AdminPayout, MyPrize, PayoutProof, PublicPayout } from '@kickback/contracts';
import { isoOrNull } from '@kickback/platform';
import { maskUsername } from '../leaderboard/username-mask';
import type { PayoutRow } from './payouts.repository';

const num = (v: string | null): number | null => (v === null ? null : Number(v));

/** The screenshot is read through its own route, which checks who may see it. */
export const proofImagePath = (id: number | string) => `/api/r/payouts/${id}/proof-image`;

const proofOf = (r: PayoutRow): PayoutProof => ({
  reference: r.proof_reference,
  url: r.proof_url,
  image: r.proof_image ? proofImagePath(r.id) : null,
});

/** The recipient's name: the member's Kick name (else username), or the casino username of an unlinked player. */
const recipientName = (r: PayoutRow): string =>
  r.user_id !== null && r.username !== null ? r.kick_username || r.username : (r.casino_username ?? '');

export const toAdminPayout = (r: PayoutRow): AdminPayout => ({
  id: Number(r.id),
  source: r.source,
  subject: { id: Number(r.source_id), title: r.subject_title, path: r.subject_path },
  place: r.place,
  recipient: {
    user: r.user_id !== null && r.username !== null ? { id: r.user_id, username: r.username } : null,
    casino_username: r.casino_username,
    name: recipientName(r),
  },
  prize: r.prize,
  amount: num(r.amount),
  currency: r.currency,
  value_usd: num(r.value_usd),
  status: r.status,
  reason: r.reason,
  retryable: r.retryable,
  claim_deadline: isoOrNull(r.claim_deadline),
  proof: proofOf(r),
  created_at: isoOrNull(r.created_at)!,
  status_changed_at: isoOrNull(r.status_changed_at)!,
  changed_by:
    r.status_changed_by !== null && r.changed_by_username !== null ? { id: r.status_changed_by, username: r.changed_by_username } : null,
  paid_at: isoOrNull(r.paid_at),
  overdue: r.overdue,
});

export const toMyPrize = (r: PayoutRow): MyPrize => ({
  id: Number(r.id),
  source: r.source,
  subject: { title: r.subject_title, path: r.subject_path },
  place: r.place,
  prize: r.prize,
  amount: num(r.amount),
  currency: r.currency,
  status: r.status,
  reason: r.reason,
  claim_deadline: isoOrNull(r.claim_deadline),
  proof: proofOf(r),
  created_at: isoOrNull(r.created_at)!,
  status_changed_at: isoOrNull(r.status_changed_at)!,
  paid_at: isoOrNull(r.paid_at),
});

/** A paid prize for the public page: the name masked as the leaderboard masks it, the proof only where published. */
export const toPublicPayout = (r: PayoutRow, proofPublished: boolean): PublicPayout => ({
  id: Number(r.id),
  source: r.source,
  subject: { title: r.subject_title, path: r.subject_path },
  recipient: maskUsername(recipientName(r) || '?'),
  prize: r.prize,
  amount: num(r.amount),
  currency: r.currency,
  value_usd: num(r.value_usd),
  paid_at: isoOrNull(r.paid_at)!,
  proof: proofPublished ? proofOf(r) : null,
});

/** The CSV export's header and one row, for the streamer's bookkeeping. */
export const CSV_HEADER = [
  'id',
  'source',
  'source_id',
  'subject',
  'place',
  'recipient',
  'member_id',
  'casino_username',
  'prize',
  'amount',
  'currency',
  'value_usd',
  'status',
  'reason',
  'claim_deadline',
  'proof_reference',
  'proof_url',
  'proof_screenshot',
  'created_at',
  'status_changed_at',
  'changed_by',
  'paid_at',
] as const;

export const toCsvRecord = (r: PayoutRow) => [
  r.id,
  r.source,
  r.source_id,
  r.subject_title,
  r.place,
  recipientName(r),
  r.user_id,
  r.casino_username,
  r.prize,
  r.amount,
  r.currency,
  r.value_usd,
  r.status,
  r.reason,
  isoOrNull(r.claim_deadline),
  r.proof_reference,
  r.proof_url,
  r.proof_image ? 'yes' : '',
  isoOrNull(r.created_at),
  isoOrNull(r.status_changed_at),
  r.changed_by_username,
  isoOrNull(r.paid_at),
];
