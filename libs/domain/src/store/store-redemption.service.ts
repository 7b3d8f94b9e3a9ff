import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { RedeemResult } from '@kickback/contracts';
import { OutboxService, conflict, notFound } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { ItemUnavailableError, OutOfStockError, PurchaseLimitError, STORE_MESSAGES } from './store.errors';
import { StoreRepository } from './store.repository';
import { StoreRedemptionsRepository } from './store-redemptions.repository';
import { toRedemption } from './store-views';

/**
 * One redemption is one transaction. Locks are always taken in the same order
 * (idempotency slot → wallet → purchase counter → item stock, the hottest row last and
 * for the shortest time), so concurrent redemptions and refunds cannot deadlock, and every
 * check is a conditional write rather than a read followed by a write.
 */
@Injectable()
export class StoreRedemptionService {
  constructor(
    private readonly em: EntityManager,
    private readonly economy: EconomyService,
    private readonly outbox: OutboxService,
    private readonly items: StoreRepository,
    private readonly redemptions: StoreRedemptionsRepository,
  ) {}

  async redeem(userId: number, itemId: number, idempotencyKey: string | null): Promise<RedeemResult> {
    return this.em.fork().transactional(async (tx) => {
      const item = await this.items.startRedemption(tx, userId, itemId, idempotencyKey);
      if (!item) throw notFound(STORE_MESSAGES.itemNotFound);
      if (!item.redemption_id) return this.replay(tx, userId, itemId, idempotencyKey!);
      const redemptionId = Number(item.redemption_id);

      if (!item.is_active) throw new ItemUnavailableError();
      if (item.quantity !== null && item.quantity <= 0) throw new OutOfStockError();

      const { balance, entry } = await this.economy.debit(tx, {
        userId,
        amount: item.cost,
        reason: 'store.redeem',
        reference: `redemption:${redemptionId}`,
        idempotencyKey: `store-redeem:${redemptionId}`,
      });
      await this.outbox.add(tx, 'redemption.created', { redemptionId, userId, itemId });

      // Only limited stock locks the item row; see StoreRepository.
      const state =
        item.quantity === null
          ? await this.items.takeUnlimitedPurchase(tx, userId, itemId, item.max_purchases_per_user)
          : await this.items.takeLimitedPurchase(tx, userId, itemId, item.max_purchases_per_user);
      if (state.purchases === null) throw new PurchaseLimitError();
      if (!state.stocked) throw (await this.items.isActive(tx, itemId)) ? new OutOfStockError() : new ItemUnavailableError();
      return {
        redemption: {
          id: redemptionId,
          item: { id: item.id, name: item.name, image: item.image_url, cost: item.cost },
          created_at: new Date(item.created_at!).toISOString(),
          is_processed: false,
          status: 'pending',
          code: null,
        },
        user_points: balance,
        item: { id: itemId, quantity: state.quantity, user_purchases: state.purchases },
        points_entry: entry,
        replayed: false,
      };
    });
  }

  private async replay(tx: EntityManager, userId: number, itemId: number, key: string): Promise<RedeemResult> {
    const first = (await this.redemptions.byIdempotencyKey(tx, userId, key))!;
    if (first.item_id !== itemId) throw conflict(STORE_MESSAGES.keyReused);
    const redemption = toRedemption((await this.redemptions.byId(tx, Number(first.id)))!);
    const state = await this.items.purchaseState(tx, userId, itemId);
    return {
      redemption,
      user_points: await this.economy.balanceIn(tx, userId),
      item: { id: itemId, quantity: state?.quantity ?? null, user_purchases: state?.purchases ?? 0 },
      points_entry: null,
      replayed: true,
    };
  }
}
