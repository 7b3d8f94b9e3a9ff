import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PAYOUT_MESSAGES } from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, notFound } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { PayoutLedgerService } from '../payouts/payout-ledger.service';
import { StoreRepository } from './store.repository';
import { StoreCodesRepository } from './store-codes.repository';
import { StoreRedemptionsRepository, type LockedRedemption } from './store-redemptions.repository';

export type FulfilOutcome = 'processed' | 'awaiting-code' | 'awaiting-admin' | 'already-done';

export interface FulfilmentHooks {
  /** Runs after a code was claimed and before the transaction commits; tests crash the worker here. */
  afterClaim?: (redemptionId: number) => Promise<void> | void;
}

/**
 * Moves a redemption out of 'pending' exactly once: every path locks the row and changes it
 * only while it is still pending, so the worker, an admin's "processed" and an admin's refund
 * can race and exactly one of them wins.
 */
@Injectable()
export class RedemptionFulfilmentService {
  hooks: FulfilmentHooks = {};

  constructor(
    private readonly em: EntityManager,
    private readonly economy: EconomyService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLogService,
    private readonly payouts: PayoutLedgerService,
    private readonly items: StoreRepository,
    private readonly redemptions: StoreRedemptionsRepository,
    private readonly codes: StoreCodesRepository,
  ) {}

  /** The worker's step for a new redemption, inside the event's exactly-once transaction. */
  async fulfil(tx: EntityManager, redemptionId: number): Promise<FulfilOutcome> {
    const r = await this.redemptions.lock(tx, redemptionId);
    if (!r || r.status !== 'pending') return 'already-done';
    if (r.fulfilment === 'manual') return 'awaiting-admin';
    const code = await this.claimCode(tx, r);
    if (!code) return 'awaiting-code';
    await this.hooks.afterClaim?.(redemptionId);
    await this.markProcessed(tx, r, null);
    return 'processed';
  }

  /**
   * Newly uploaded codes go first to members who were waiting for one, oldest first. Runs in the
   * upload's transaction; rows another process is handling right now are skipped, not waited for.
   */
  async fulfilWaiting(tx: EntityManager, itemId: number): Promise<number> {
    const waiting = await this.redemptions.lockWaitingForCodes(tx, itemId);
    let fulfilled = 0;
    for (const id of waiting) {
      const r = (await this.redemptions.lock(tx, id))!;
      if (!(await this.claimCode(tx, r))) break;
      await this.markProcessed(tx, r, null);
      await this.outbox.add(tx, 'redemption.updated', { redemptionId: id, userId: r.user_id, itemId, status: 'processed' });
      fulfilled++;
    }
    return fulfilled;
  }

  /** Admin: mark delivered. Code items get a code from the pool if one is free. */
  async process(actorId: number, redemptionId: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const r = await this.redemptions.lock(tx, redemptionId);
      if (!r) throw notFound('Redemption not found.');
      this.assertPending(r);
      const code = r.fulfilment === 'code' ? await this.claimCode(tx, r) : null;
      await this.markProcessed(tx, r, actorId);
      await this.audit.record(tx, {
        actorId,
        action: 'store.redemption.process',
        entity: 'store_redemption',
        entityId: redemptionId,
        before: { status: 'pending' },
        after: { status: 'processed', code_assigned: Boolean(code) },
      });
      await this.outbox.add(tx, 'redemption.updated', { redemptionId, userId: r.user_id, itemId: r.item_id, status: 'processed' });
    });
  }

  /** Admin: give the points back and put the item back in stock (and in the member's allowance). */
  async refund(actorId: number, redemptionId: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const r = await this.redemptions.lock(tx, redemptionId);
      if (!r) throw notFound('Redemption not found.');
      this.assertPending(r);
      await this.redemptions.markRefunded(tx, redemptionId, actorId);
      await this.economy.credit(tx, {
        userId: r.user_id,
        amount: r.cost,
        reason: 'store.refund',
        reference: `redemption:${redemptionId}`,
        idempotencyKey: `store-refund:${redemptionId}`,
        actorId,
      });
      await this.items.returnPurchase(tx, r.user_id, r.item_id);
      await this.audit.record(tx, {
        actorId,
        action: 'store.redemption.refund',
        entity: 'store_redemption',
        entityId: redemptionId,
        before: { status: 'pending' },
        after: { status: 'refunded', points_returned: r.cost },
      });
      await this.outbox.add(tx, 'redemption.updated', { redemptionId, userId: r.user_id, itemId: r.item_id, status: 'refunded' });
    });
  }

  private assertPending(r: LockedRedemption): void {
    if (r.status === 'processed') throw conflict('This redemption was already processed.');
    if (r.status === 'refunded') throw conflict('This redemption was already refunded.');
  }

  /** The code this redemption already holds, or the oldest free one. */
  private async claimCode(tx: EntityManager, r: LockedRedemption): Promise<string | null> {
    return (await this.codes.ofRedemption(tx, r.id)) ?? this.codes.claim(tx, r.item_id, r.id);
  }

  /** Delivered: an item with a cash value is a prize paid, so its payout opens as paid (by whoever delivered it). */
  private async markProcessed(tx: EntityManager, r: LockedRedemption, actorId: number | null): Promise<void> {
    await this.redemptions.markProcessed(tx, r.id, actorId);
    if (Number(r.value_usd) > 0)
      await this.payouts.open(tx, {
        source: 'store',
        sourceId: Number(r.id),
        place: 1,
        userId: r.user_id,
        casinoUsername: null,
        prize: r.item_name,
        amount: null,
        currency: null,
        valueUsd: r.value_usd,
        subject: { title: r.item_name, path: '/store' },
        paidAtOnce: { reason: PAYOUT_MESSAGES.storeDelivered, actorId },
      });
  }
}
