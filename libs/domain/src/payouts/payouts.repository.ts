import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminPayoutsFilters, PayoutSettings, PayoutSource, PayoutStatus } from '@kickback/contracts';
import { queryCursor } from '@kickback/platform';
import { recipientKey, type PayoutOpening } from './payout-opening';

export interface PayoutRow {
  id: string;
  source: PayoutSource;
  source_id: string;
  place: number;
  user_id: number | null;
  username: string | null;
  kick_username: string | null;
  casino_username: string | null;
  prize: string;
  amount: string | null;
  currency: string | null;
  value_usd: string | null;
  subject_title: string;
  subject_path: string;
  status: PayoutStatus;
  reason: string | null;
  retryable: boolean;
  claim_deadline: Date | null;
  proof_reference: string | null;
  proof_url: string | null;
  proof_image: string | null;
  created_at: Date;
  status_changed_at: Date;
  status_changed_by: number | null;
  changed_by_username: string | null;
  paid_at: Date | null;
  overdue: boolean;
}

/** What a status change writes; the proof fields keep their value when left null. */
export interface PayoutMove {
  id: number;
  from: PayoutStatus;
  to: PayoutStatus;
  actorId: number | null;
  reason: string | null;
  retryable: boolean;
  proofReference: string | null;
  proofUrl: string | null;
}

const OPEN_STATUSES = `('waiting_approval', 'approved', 'processing', 'failed')`;
/** Still owed: what "pending" means beside the total given away (a payout failed for good is not). */
const OWED = `(p.status in ('waiting_approval', 'approved', 'processing') or (p.status = 'failed' and p.retryable))`;

const SELECT = `select p.id, p.source, p.source_id, p.place, p.user_id, u.username, u.kick_username, p.casino_username, p.prize,
         p.amount::text as amount, p.currency, p.value_usd::text as value_usd, p.subject_title, p.subject_path, p.status, p.reason,
         p.retryable, p.claim_deadline, p.proof_reference, p.proof_url, p.proof_image, p.created_at, p.status_changed_at,
         p.status_changed_by, c.username as changed_by_username, p.paid_at,
         (p.status in ${OPEN_STATUSES} and p.status_changed_at < now() - make_interval(hours => s.promise_hours)) as overdue
    from payouts p
    cross join payout_settings s
    left join users u on u.id = p.user_id
    left join users c on c.id = p.status_changed_by`;

const AGE_INTERVALS = { day: '1 day', week: '7 days', month: '30 days' } as const;

/** The queue's filters as one where clause with its parameters. */
function filterClause(filters: AdminPayoutsFilters): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filters.status === 'open') parts.push(`p.status in ${OPEN_STATUSES}`);
  else if (filters.status !== 'all') {
    parts.push('p.status = ?');
    params.push(filters.status);
  }
  if (filters.source !== 'all') {
    parts.push('p.source = ?');
    params.push(filters.source);
  }
  if (filters.age === 'overdue')
    parts.push(`p.status in ${OPEN_STATUSES} and p.status_changed_at < now() - make_interval(hours => s.promise_hours)`);
  else if (filters.age !== 'all') parts.push(`p.status_changed_at < now() - interval '${AGE_INTERVALS[filters.age]}'`);
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

/** The payout ledger's SQL (tables payouts and payout_settings); users are joined only for names. */
@Injectable()
export class PayoutsRepository {
  /** Opens a payout once per (source, source id, place, recipient); answers its id, or null when it was already there. */
  async insert(em: EntityManager, p: PayoutOpening): Promise<{ id: number; status: PayoutStatus } | null> {
    const status: PayoutStatus = p.paidAtOnce ? 'paid' : 'waiting_approval';
    const rows = await em.execute<{ id: string }[]>(
      `insert into payouts (source, source_id, place, recipient_key, user_id, casino_username, prize, amount, currency, value_usd,
                            subject_title, subject_path, status, reason, claim_deadline, status_changed_by, created_at, status_changed_at, paid_at)
       select ?, ?, ?, ?, ?, ?, ?, ?::numeric, ?, ?::numeric, ?, ?, ?, ?, ?::timestamptz, ?, at, at, case when ? then at end
         from (select coalesce(?::timestamptz, now()) as at) t
       on conflict (source, source_id, place, recipient_key) do nothing returning id`,
      [
        p.source,
        p.sourceId,
        p.place,
        recipientKey(p.userId, p.casinoUsername),
        p.userId,
        p.userId === null ? p.casinoUsername : null,
        p.prize.slice(0, 500),
        p.amount,
        p.currency,
        p.valueUsd,
        p.subject.title.slice(0, 200),
        p.subject.path,
        status,
        p.paidAtOnce?.reason ?? null,
        p.claimDeadline ?? null,
        p.paidAtOnce?.actorId ?? null,
        status === 'paid',
        p.openedAt ?? null,
      ],
    );
    return rows.length ? { id: Number(rows[0]!.id), status } : null;
  }

  /** Cancels a payout nobody has started paying (a rerolled or unclaimed raffle win); answers its id, or null. */
  async cancelUnstarted(
    em: EntityManager,
    key: { source: PayoutSource; sourceId: number; place: number; userId: number },
    reason: string,
    actorId: number | null,
  ): Promise<{ id: number; status: PayoutStatus } | null> {
    const rows = await em.execute<{ id: string; status: PayoutStatus }[]>(
      `update payouts set status = 'cancelled', reason = ?, retryable = false, status_changed_at = now(), status_changed_by = ?
        where source = ? and source_id = ? and place = ? and recipient_key = ? and status in ('waiting_approval', 'approved', 'failed')
        returning id, status`,
      [reason, actorId, key.source, key.sourceId, key.place, recipientKey(key.userId, null)],
    );
    return rows.length ? { id: Number(rows[0]!.id), status: rows[0]!.status } : null;
  }

  async byId(em: EntityManager, id: number): Promise<PayoutRow | null> {
    const [row] = await em.execute<PayoutRow[]>(`${SELECT} where p.id = ?`, [id]);
    return row ?? null;
  }

  /**
   * The compare-and-set: moves the payout only if it still has the status the admin saw. Answers whether it moved;
   * a loser changes nothing.
   */
  async move(em: EntityManager, m: PayoutMove): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update payouts set status = ?, reason = ?, retryable = ?, proof_reference = coalesce(?, proof_reference),
              proof_url = coalesce(?, proof_url), status_changed_at = now(), status_changed_by = ?,
              paid_at = case when ? = 'paid' then now() end
        where id = ? and status = ? returning id`,
      [m.to, m.reason, m.retryable, m.proofReference, m.proofUrl, m.actorId, m.to, m.id, m.from],
    );
    return rows.length === 1;
  }

  /** Attaches a screenshot; answers the one it replaced (its file is left for the operator's clean-up), or undefined when no row. */
  async setProofImage(em: EntityManager, id: number, name: string): Promise<{ before: string | null } | undefined> {
    const rows = await em.execute<{ before: string | null }[]>(
      `update payouts p set proof_image = ? from (select id, proof_image as before from payouts where id = ? for update) o
        where p.id = o.id and p.status <> 'cancelled' returning o.before`,
      [name, id],
    );
    return rows[0];
  }

  async page(
    em: EntityManager,
    filters: AdminPayoutsFilters,
    limit: number,
    offset: number,
  ): Promise<{ rows: PayoutRow[]; total: number }> {
    const where = filterClause(filters);
    const [{ total }] = await em.execute<{ total: number }[]>(
      `select count(*)::int as total from payouts p cross join payout_settings s ${where.sql}`,
      where.params,
    );
    const rows = await em.execute<PayoutRow[]>(`${SELECT} ${where.sql} order by p.status_changed_at, p.id limit ? offset ?`, [
      ...where.params,
      limit,
      offset,
    ]);
    return { rows, total };
  }

  /** Every row the filters keep, in the queue's order, read through a cursor (one batch in memory, one snapshot). */
  exportRows(em: EntityManager, filters: AdminPayoutsFilters): AsyncGenerator<PayoutRow[]> {
    const where = filterClause(filters);
    return queryCursor<PayoutRow>(em, `${SELECT} ${where.sql} order by p.status_changed_at, p.id`, where.params, {
      batchRows: 500,
      stallSeconds: 60,
    });
  }

  async overdueCount(em: EntityManager): Promise<number> {
    const [{ n }] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from payouts p cross join payout_settings s ${filterClause({ status: 'open', source: 'all', age: 'overdue' }).sql}`,
    );
    return n;
  }

  async ofMember(em: EntityManager, userId: number, limit: number, offset: number): Promise<{ rows: PayoutRow[]; total: number }> {
    const [{ total }] = await em.execute<{ total: number }[]>('select count(*)::int as total from payouts where user_id = ?', [userId]);
    const rows = await em.execute<PayoutRow[]>(`${SELECT} where p.user_id = ? order by p.id desc limit ? offset ?`, [
      userId,
      limit,
      offset,
    ]);
    return { rows, total };
  }

  async paid(em: EntityManager, limit: number, offset: number): Promise<{ rows: PayoutRow[]; total: number }> {
    const [{ total }] = await em.execute<{ total: number }[]>(`select count(*)::int as total from payouts where status = 'paid'`);
    const rows = await em.execute<PayoutRow[]>(`${SELECT} where p.status = 'paid' order by p.paid_at desc, p.id desc limit ? offset ?`, [
      limit,
      offset,
    ]);
    return { rows, total };
  }

  /** Paid dollars per calendar month (UTC), newest first. */
  async monthTotals(em: EntityManager, months: number): Promise<{ month: string; total: string; count: number }[]> {
    return em.execute(
      `select to_char(date_trunc('month', paid_at at time zone 'UTC'), 'YYYY-MM') as month,
              coalesce(sum(value_usd), 0)::text as total, count(*)::int as count
         from payouts where status = 'paid' group by 1 order by 1 desc limit ?`,
      [months],
    );
  }

  /** Summed in PostgreSQL (numeric), as text so no float touches the money. */
  async totals(em: EntityManager): Promise<{ paid: string; owed: string }> {
    const [row] = await em.execute<{ paid: string; owed: string }[]>(
      `select coalesce(sum(value_usd) filter (where p.status = 'paid'), 0)::text as paid,
              coalesce(sum(value_usd) filter (where ${OWED}), 0)::text as owed
         from payouts p`,
    );
    return row!;
  }

  async settings(em: EntityManager): Promise<PayoutSettings> {
    const [row] = await em.execute<PayoutSettings[]>(
      'select promise_hours, show_pending_total, proof_public_sources from payout_settings where id = 1',
    );
    return row!;
  }

  async lockSettings(em: EntityManager): Promise<PayoutSettings> {
    const [row] = await em.execute<PayoutSettings[]>(
      'select promise_hours, show_pending_total, proof_public_sources from payout_settings where id = 1 for update',
    );
    return row!;
  }

  async saveSettings(em: EntityManager, s: PayoutSettings): Promise<void> {
    await em.execute(
      'update payout_settings set promise_hours = ?, show_pending_total = ?, proof_public_sources = ?::varchar[] where id = 1',
      [s.promise_hours, s.show_pending_total, `{${s.proof_public_sources.join(',')}}`],
    );
  }
}
