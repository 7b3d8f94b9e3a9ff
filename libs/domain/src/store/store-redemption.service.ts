import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { RedeemResult } from '@kickback/contracts';
import { OutboxService, conflict, notFound } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { ItemUnavailableError, OutOfStockError, PurchaseLimitError, STORE_MESSAGES } from './store.errors';
import { redemptionById } from './store-rows';

interface ItemRow {
  id: number;
  name: string;
  image_url: string | null;
  cost: number;
  quantity: number | null;
  max_purchases_per_user: number | null;
  is_active: boolean;
}

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
  ) {}

  async redeem(userId: number, itemId: number, idempotencyKey: string | null): Promise<RedeemResult> {
    return this.em.fork().transactional(async (tx) => {
      const [item] = await tx.execute<ItemRow[]>(
        'select id, name, image_url, cost, quantity, max_purchases_per_user, is_active from store_items where id = ? and archived_at is null',
        [itemId],
      );
      if (!item) throw notFound(STORE_MESSAGES.itemNotFound);

      // The redemption row doubles as the idempotency slot: a concurrent request with the same
      // key waits here on the unique index and then finds the committed first result.
      const inserted = await tx.execute<{ id: string; created_at: Date }[]>(
        `insert into store_redemptions (user_id, item_id, cost, idempotency_key) values (?, ?, ?, ?)
         on conflict (user_id, idempotency_key) do nothing returning id::text as id, created_at`,
        [userId, itemId, item.cost, idempotencyKey],
      );
      if (!inserted.length) return this.replay(tx, userId, itemId, idempotencyKey!);
      const redemptionId = Number(inserted[0].id);

      if (!item.is_active) throw new ItemUnavailableError();
      if (item.quantity !== null && item.quantity <= 0) throw new OutOfStockError();

      const { balance } = await this.economy.debit(tx, {
        userId,
        amount: item.cost,
        reason: 'store.redeem',
        reference: `redemption:${redemptionId}`,
        idempotencyKey: `store-redeem:${redemptionId}`,
      });

      const counted = await tx.execute<{ purchases: number }[]>(
        `insert into store_purchase_counters as pc (user_id, item_id, purchases) values (?, ?, 1)
         on conflict (user_id, item_id) do update set purchases = pc.purchases + 1
         where ?::int is null or pc.purchases < ?::int
         returning purchases`,
        [userId, itemId, item.max_purchases_per_user, item.max_purchases_per_user],
      );
      // A fresh counter row is inserted with 1 even when the limit is 1, which is allowed.
      if (!counted.length) throw new PurchaseLimitError();

      // Everything else is written before the stock row is locked: the hot row of a popular item is
      // held only from this UPDATE to COMMIT, which is what bounds redemptions per second.
      await this.outbox.add(tx, 'redemption.created', { redemptionId, userId, itemId });
      const stocked = await tx.execute<{ quantity: number | null }[]>(
        `update store_items set quantity = case when quantity is null then null else quantity - 1 end
         where id = ? and is_active and archived_at is null and (quantity is null or quantity > 0)
         returning quantity`,
        [itemId],
      );
      if (!stocked.length) {
        const [now] = await tx.execute<{ is_active: boolean }[]>('select is_active from store_items where id = ?', [itemId]);
        throw now?.is_active ? new OutOfStockError() : new ItemUnavailableError();
      }
      return {
        redemption: {
          id: redemptionId,
          item: { id: item.id, name: item.name, image: item.image_url, cost: item.cost },
          created_at: new Date(inserted[0].created_at).toISOString(),
          is_processed: false,
          status: 'pending',
          code: null,
        },
        user_points: balance,
        item: { id: itemId, quantity: stocked[0].quantity, user_purchases: counted[0].purchases },
        replayed: false,
      };
    });
  }

  private async replay(tx: EntityManager, userId: number, itemId: number, key: string): Promise<RedeemResult> {
    const [first] = await tx.execute<{ id: string; item_id: number }[]>(
      'select id::text as id, item_id from store_redemptions where user_id = ? and idempotency_key = ?',
      [userId, key],
    );
    if (first.item_id !== itemId) throw conflict(STORE_MESSAGES.keyReused);
    const redemption = (await redemptionById(tx, Number(first.id)))!;
    const [state] = await tx.execute<{ quantity: number | null; purchases: number | null }[]>(
      `select i.quantity, pc.purchases from store_items i
       left join store_purchase_counters pc on pc.item_id = i.id and pc.user_id = ? where i.id = ?`,
      [userId, itemId],
    );
    const { username: _username, ...own } = redemption;
    return {
      redemption: own,
      user_points: await this.economy.balanceOf(userId),
      item: { id: itemId, quantity: state?.quantity ?? null, user_purchases: state?.purchases ?? 0 },
      replayed: true,
    };
  }
}
