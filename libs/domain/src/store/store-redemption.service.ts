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
      // The redemption row doubles as the idempotency slot: a concurrent request with the same
      // key waits here on the unique index and then finds the committed first result.
      const [item] = await tx.execute<(ItemRow & { redemption_id: string | null; created_at: Date | null })[]>(
        `with i as (
           select id, name, image_url, cost, quantity, max_purchases_per_user, is_active from store_items where id = ? and archived_at is null
         ), r as (
           insert into store_redemptions (user_id, item_id, cost, idempotency_key) select ?, i.id, i.cost, ? from i
           on conflict (user_id, idempotency_key) do nothing returning id, created_at
         )
         select i.*, (select id::text from r) as redemption_id, (select created_at from r) as created_at from i`,
        [itemId, userId, idempotencyKey],
      );
      if (!item) throw notFound(STORE_MESSAGES.itemNotFound);
      if (!item.redemption_id) return this.replay(tx, userId, itemId, idempotencyKey!);
      const redemptionId = Number(item.redemption_id);

      if (!item.is_active) throw new ItemUnavailableError();
      if (item.quantity !== null && item.quantity <= 0) throw new OutOfStockError();

      const { balance } = await this.economy.debit(tx, {
        userId,
        amount: item.cost,
        reason: 'store.redeem',
        reference: `redemption:${redemptionId}`,
        idempotencyKey: `store-redeem:${redemptionId}`,
      });
      await this.outbox.add(tx, 'redemption.created', { redemptionId, userId, itemId });

      // Per-user limit and stock in one statement, the stock last: the hot row of a popular item is locked
      // only from here to COMMIT, which is what bounds redemptions per second. A refused counter leaves the
      // stock row untouched; a fresh counter row starts at 1, which any limit allows.
      const [state] = await tx.execute<{ purchases: number | null; stocked: boolean; quantity: number | null }[]>(
        `with c as (
           insert into store_purchase_counters as pc (user_id, item_id, purchases) values (?, ?, 1)
           on conflict (user_id, item_id) do update set purchases = pc.purchases + 1
           where ?::int is null or pc.purchases < ?::int
           returning purchases
         ), s as (
           update store_items set quantity = case when quantity is null then null else quantity - 1 end
           where id = ? and is_active and archived_at is null and (quantity is null or quantity > 0) and exists (select 1 from c)
           returning quantity
         )
         select (select purchases from c) as purchases, exists (select 1 from s) as stocked, (select quantity from s) as quantity`,
        [userId, itemId, item.max_purchases_per_user, item.max_purchases_per_user, itemId],
      );
      if (state.purchases === null) throw new PurchaseLimitError();
      if (!state.stocked) {
        const [now] = await tx.execute<{ is_active: boolean }[]>('select is_active from store_items where id = ?', [itemId]);
        throw now?.is_active ? new OutOfStockError() : new ItemUnavailableError();
      }
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
      user_points: await this.economy.balanceIn(tx, userId),
      item: { id: itemId, quantity: state?.quantity ?? null, user_purchases: state?.purchases ?? 0 },
      replayed: true,
    };
  }
}
