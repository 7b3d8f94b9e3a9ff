import { HttpException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Readable } from 'node:stream';
import {
  PAYOUT_MESSAGES,
  PAYOUT_TRANSITIONS,
  type AdminPayout,
  type AdminPayoutList,
  type AdminPayoutsFilters,
  type AdminPayoutsQuery,
  type PayoutOverdueSummary,
  type PayoutSettings,
  type PayoutSettingsUpdate,
  type PayoutTransition,
} from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, csvStream, notFound, pagination, unprocessable, type CsvCell } from '@kickback/platform';
import { PayoutsRepository, type PayoutRow } from './payouts.repository';
import { CSV_HEADER, toAdminPayout, toCsvRecord } from './payout-views';
import { PayoutsService } from './payouts.service';

const PER_PAGE = 25;

const refuse = (field: string, message: string) => unprocessable(message, { [field]: [message] });

/** The payout as the loser of a race finds it: who moved it first, for the 409. */
const lostRace = (row: PayoutRow) => conflict(PAYOUT_MESSAGES.changedBy(Number(row.id), row.status, row.changed_by_username));

/**
 * The admin's payout queue. Every status change is a compare-and-set from the status the admin saw (`from`), so of
 * two admins marking one payout paid one wins and the other gets a 409 naming who did it; every change is audited in
 * its transaction and writes `payout.changed` for the member's page and the other admins' queues.
 */
@Injectable()
export class PayoutAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly repository: PayoutsRepository,
    private readonly payouts: PayoutsService,
  ) {}

  async list(query: AdminPayoutsQuery): Promise<AdminPayoutList> {
    const em = this.em.fork();
    const { page, ...filters } = query;
    const [{ rows, total }, overdue, settings] = await Promise.all([
      this.repository.page(em, filters, PER_PAGE, (page - 1) * PER_PAGE),
      this.repository.overdueCount(em),
      this.repository.settings(em),
    ]);
    return {
      data: rows.map(toAdminPayout),
      pagination: pagination(page, PER_PAGE, total),
      overdue_total: overdue,
      promise_hours: settings.promise_hours,
    };
  }

  async overdue(): Promise<PayoutOverdueSummary> {
    const em = this.em.fork();
    const [overdue, settings] = await Promise.all([this.repository.overdueCount(em), this.repository.settings(em)]);
    return { overdue, promise_hours: settings.promise_hours };
  }

  async transition(actorId: number, id: number, body: PayoutTransition): Promise<AdminPayout> {
    const after = await this.audit.audited({ actorId, action: 'payout.status', entity: 'payout' }, async (tx) => {
      const row = await this.repository.byId(tx, id);
      if (!row) throw notFound(PAYOUT_MESSAGES.notFound);
      if (row.status !== body.from) throw lostRace(row);
      this.check(row, body);
      const moved = await this.repository.move(tx, {
        id,
        from: body.from,
        to: body.to,
        actorId,
        reason: body.to === 'failed' || body.to === 'cancelled' ? body.reason! : null,
        retryable: body.to === 'failed' ? (body.retryable ?? false) : false,
        proofReference: body.to === 'paid' ? (body.proof_reference ?? null) : null,
        proofUrl: body.to === 'paid' ? (body.proof_url ?? null) : null,
      });
      // Another admin committed between our read and our write: their change stands.
      if (!moved) throw lostRace((await this.repository.byId(this.em.fork(), id))!);
      const changed = (await this.repository.byId(tx, id))!;
      await this.changed(tx, changed);
      return { entityId: id, before: { status: row.status }, after: toAdminPayout(changed) };
    });
    await this.payouts.invalidateTotals();
    return after;
  }

  /** Approves every listed payout still waiting; the ones someone else moved first are skipped and counted. */
  async bulkApprove(actorId: number, ids: number[]): Promise<{ approved: number[]; skipped: number[] }> {
    const approved: number[] = [];
    const skipped: number[] = [];
    for (const id of [...new Set(ids)]) {
      try {
        await this.transition(actorId, id, { from: 'waiting_approval', to: 'approved' });
        approved.push(id);
      } catch (err) {
        if (!(err instanceof HttpException) || ![404, 409].includes(err.getStatus())) throw err;
        skipped.push(id);
      }
    }
    return { approved, skipped };
  }

  /** Attaches an uploaded screenshot (already checked and re-encoded) as the payout's proof. */
  async attachProofImage(actorId: number, id: number, storedName: string): Promise<AdminPayout> {
    return this.audit.audited({ actorId, action: 'payout.proof-image', entity: 'payout' }, async (tx) => {
      const replaced = await this.repository.setProofImage(tx, id, storedName);
      if (!replaced) throw notFound(PAYOUT_MESSAGES.notFound);
      const row = (await this.repository.byId(tx, id))!;
      await this.changed(tx, row);
      return { entityId: id, before: { proof_image: replaced.before }, after: toAdminPayout(row) };
    });
  }

  /** The ledger as CSV with the queue's filters, streamed through a cursor (one batch in memory, one snapshot). */
  exportCsv(filters: AdminPayoutsFilters): Readable {
    return csvStream(CSV_HEADER, this.csvRecords(filters));
  }

  async settings(): Promise<PayoutSettings> {
    return this.repository.settings(this.em.fork());
  }

  async updateSettings(actorId: number, changes: PayoutSettingsUpdate): Promise<PayoutSettings> {
    const after = await this.audit.audited({ actorId, action: 'payout.settings', entity: 'payout_settings' }, async (tx) => {
      const before = await this.repository.lockSettings(tx);
      const next: PayoutSettings = {
        ...before,
        ...changes,
        ...(changes.proof_public_sources ? { proof_public_sources: [...new Set(changes.proof_public_sources)] } : {}),
      };
      await this.repository.saveSettings(tx, next);
      return { entityId: 1, before, after: next };
    });
    await this.payouts.invalidateTotals();
    return after;
  }

  private check(row: PayoutRow, body: PayoutTransition): void {
    if (!PAYOUT_TRANSITIONS[row.status].includes(body.to)) throw refuse('to', PAYOUT_MESSAGES.notAllowed(row.status, body.to));
    if (row.status === 'failed' && !row.retryable && body.to !== 'cancelled') throw refuse('to', PAYOUT_MESSAGES.notRetryable);
    if ((body.to === 'failed' || body.to === 'cancelled') && !body.reason) throw refuse('reason', PAYOUT_MESSAGES.reasonRequired);
    if (body.to === 'paid' && !(body.proof_reference || body.proof_url || row.proof_reference || row.proof_url || row.proof_image))
      throw refuse('proof_reference', PAYOUT_MESSAGES.proofRequired);
  }

  private async changed(tx: EntityManager, row: PayoutRow): Promise<void> {
    await this.outbox.add(tx, 'payout.changed', {
      payoutId: Number(row.id),
      userId: row.user_id,
      status: row.status,
      created: false,
      at: new Date().toISOString(),
    });
  }

  private async *csvRecords(filters: AdminPayoutsFilters): AsyncGenerator<CsvCell[]> {
    for await (const rows of this.repository.exportRows(this.em, filters)) for (const r of rows) yield toCsvRecord(r);
  }
}
