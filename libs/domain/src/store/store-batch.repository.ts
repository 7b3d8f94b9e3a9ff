import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { intArrayLiteral } from '@kickback/platform';
import { purchaseKey, type BatchFacts, type BatchItem } from './redemption-batch-plan';

/** A redemption of a batch as the batch repository takes it; `ord` is its place in the batch. */
export interface BatchSlotRequest {
  userId: number;
  itemId: number;
  idempotencyKey: string | null;
}

/** What a batch's answers show of its item. */
export type BatchItemRow = BatchItem & { name: string; image_url: string | null };

export interface OpenedBatch extends BatchFacts {
  items: Map<number, BatchItemRow>;
  /** Per request: the redemption row it opened, or null (no such item, or its Idempotency-Key was used before). */
  slots: ({ id: number; createdAt: Date } | null)[];
}

/** What the batch's guarded write of counters and stock found: final values, or null where a guard refused. */
export interface TakenPurchases {
  purchases: Map<string, number>;
  quantities: Map<number, number>;
  unlimitedOnSale: number;
}

interface SlotRow {
  id: number;
  user_id: number;
  item_id: number;
  idempotency_key: string | null;
  created_at: string;
}

/**
 * The statements of a redemption batch that are not the economy's: open every redemption row (the Idempotency-Key
 * slots) while reading what the decisions need, drop the rows of refused redemptions, then take the purchases and
 * the stock for the accepted ones in one guarded statement (the hot item row last, locked until the commit).
 */
@Injectable()
export class StoreBatchRepository {
  async open(em: EntityManager, requests: readonly BatchSlotRequest[]): Promise<OpenedBatch> {
    const [row] = await em.execute<
      {
        slots: SlotRow[];
        items: BatchItemRow[];
        balances: { user_id: number; balance: string }[];
        purchases: { user_id: number; item_id: number; purchases: number }[];
      }[]
    >(
      `with r as (
         select * from json_to_recordset(?::json) as r(user_id int, item_id int, idempotency_key text, ord int)
       ), i as (
         select id, name, image_url, cost, quantity, max_purchases_per_user, is_active from store_items
         where id in (select item_id from r) and archived_at is null
       ), s as (
         insert into store_redemptions (user_id, item_id, cost, idempotency_key)
         select r.user_id, i.id, i.cost, r.idempotency_key from r join i on i.id = r.item_id order by r.ord
         on conflict (user_id, idempotency_key) do nothing
         returning id, user_id, item_id, idempotency_key, created_at
       )
       select coalesce((select json_agg(s order by s.id) from s), '[]') as slots,
              coalesce((select json_agg(i) from i), '[]') as items,
              coalesce((select json_agg(json_build_object('user_id', w.user_id, 'balance', w.balance::text))
                        from wallets w where w.user_id in (select user_id from r)), '[]') as balances,
              coalesce((select json_agg(json_build_object('user_id', pc.user_id, 'item_id', pc.item_id, 'purchases', pc.purchases))
                        from store_purchase_counters pc where (pc.user_id, pc.item_id) in (select user_id, item_id from r)), '[]') as purchases`,
      [JSON.stringify(requests.map((r, ord) => ({ user_id: r.userId, item_id: r.itemId, idempotency_key: r.idempotencyKey, ord })))],
    );
    const slots = matchSlots(requests, row!.slots);
    return {
      items: new Map(row!.items.map((item) => [item.id, item])),
      balances: new Map(row!.balances.map((b) => [b.user_id, Number(b.balance)])),
      purchases: new Map(row!.purchases.map((p) => [purchaseKey(p.user_id, p.item_id), p.purchases])),
      slots,
      opened: slots.map((slot) => slot !== null),
    };
  }

  /** Removes the rows refused redemptions opened, which frees their Idempotency-Keys as a rolled-back one would. */
  async drop(em: EntityManager, redemptionIds: number[]): Promise<void> {
    if (redemptionIds.length)
      await em.execute('delete from store_redemptions where id = any(?::bigint[])', [intArrayLiteral(redemptionIds)]);
  }

  /**
   * Adds each member's accepted purchases to their counters (within the item's limit) and takes limited stock
   * (only while it covers the batch and the item is on sale), the stock last so the hot row is locked from here to
   * the commit only; unlimited items are only read (still on sale?). A guard that refuses leaves its row out of the
   * answer, and the caller fails the batch.
   */
  async take(
    em: EntityManager,
    purchases: { userId: number; itemId: number; n: number }[],
    limitedItemIds: number[],
    unlimitedItemIds: number[],
  ): Promise<TakenPurchases> {
    const [row] = await em.execute<
      {
        counters: { user_id: number; item_id: number; purchases: number }[];
        stock: { id: number; quantity: number }[];
        unlimited_on_sale: number;
      }[]
    >(
      `with d as (
         select * from json_to_recordset(?::json) as d(user_id int, item_id int, n int)
       ), c as (
         insert into store_purchase_counters as pc (user_id, item_id, purchases)
         select d.user_id, d.item_id, d.n from d join store_items i on i.id = d.item_id
         where i.max_purchases_per_user is null or d.n <= i.max_purchases_per_user
         order by d.user_id, d.item_id
         on conflict (user_id, item_id) do update set purchases = pc.purchases + excluded.purchases
         where pc.purchases + excluded.purchases
               <= coalesce((select i.max_purchases_per_user from store_items i where i.id = pc.item_id), 2147483647)
         returning pc.user_id, pc.item_id, pc.purchases
       ), t as (
         select item_id, sum(n)::int as n from d where item_id = any(?::int[]) group by item_id
       ), s as (
         update store_items i set quantity = i.quantity - t.n from t
         where i.id = t.item_id and i.quantity >= t.n and i.is_active and i.archived_at is null
           and (select count(*) from c) = ?
         returning i.id, i.quantity
       )
       select coalesce((select json_agg(c) from c), '[]') as counters,
              coalesce((select json_agg(s) from s), '[]') as stock,
              (select count(*)::int from store_items where id = any(?::int[]) and is_active and archived_at is null) as unlimited_on_sale`,
      [
        JSON.stringify(purchases.map((p) => ({ user_id: p.userId, item_id: p.itemId, n: p.n }))),
        intArrayLiteral(limitedItemIds),
        purchases.length,
        intArrayLiteral(unlimitedItemIds),
      ],
    );
    return {
      purchases: new Map(row!.counters.map((c) => [purchaseKey(c.user_id, c.item_id), c.purchases])),
      quantities: new Map(row!.stock.map((s) => [s.id, s.quantity])),
      unlimitedOnSale: row!.unlimited_on_sale,
    };
  }
}

/**
 * Which request opened which row. With a key, the row is the member's for that key; without one, requests of the
 * same member and item are interchangeable and take that pair's rows in order.
 */
function matchSlots(requests: readonly BatchSlotRequest[], rows: SlotRow[]): OpenedBatch['slots'] {
  const byKey = new Map<string, SlotRow[]>();
  for (const row of rows) {
    const key = row.idempotency_key === null ? `${row.user_id}:${row.item_id}:` : `${row.user_id}::${row.idempotency_key}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  return requests.map((r) => {
    const key = r.idempotencyKey === null ? `${r.userId}:${r.itemId}:` : `${r.userId}::${r.idempotencyKey}`;
    const row = byKey.get(key)?.shift();
    return row ? { id: Number(row.id), createdAt: new Date(row.created_at) } : null;
  });
}
