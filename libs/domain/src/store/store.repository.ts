import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminStoreItem, RedemptionItemSummary, StoreItem, StoreItemInput, StoreQuery, StoreSort } from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';

/** Half-open ranges [min, max): an item costing exactly 1000 shows under 1000-5000. */
const PRICE_RANGES: Record<string, [number, number | null]> = {
  '0-1000': [0, 1000],
  '1000-5000': [1000, 5000],
  '5000-10000': [5000, 10000],
  '10000+': [10000, null],
};

const ORDER_BY: Record<StoreSort, string> = {
  price_asc: 'i.cost asc, i.id asc',
  price_desc: 'i.cost desc, i.id asc',
  popular: 'popularity desc, i.id asc',
  newest: 'i.created_at desc, i.id desc',
};

/** A catalogue row as stored: the contract's item with the column name of its image. */
export type CatalogueRow = Omit<StoreItem, 'image'> & { image_url: string | null };

const ADMIN_ITEM_SELECT = `
  select i.id, i.name, i.description, i.image_url, i.cost, i.quantity, i.max_purchases_per_user, i.category, i.is_active,
         i.fulfilment, i.is_casino_bonus, i.value_usd::text as value_usd, i.created_at, i.updated_at,
         (select count(*) from store_redemptions r where r.item_id = i.id and r.status <> 'refunded')::int as redemptions_count,
         (select count(*) from store_redemptions r where r.item_id = i.id and r.status = 'pending')::int as pending_count,
         (select count(*) from store_codes c where c.item_id = i.id and c.redemption_id is null)::int as codes_available,
         (select count(*) from store_codes c where c.item_id = i.id)::int as codes_total
  from store_items i`;

export type AdminItemRow = Omit<AdminStoreItem, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

const COLUMNS: Record<keyof StoreItemInput, string> = {
  name: 'name',
  description: 'description',
  image_url: 'image_url',
  cost: 'cost',
  quantity: 'quantity',
  max_purchases_per_user: 'max_purchases_per_user',
  category: 'category',
  is_active: 'is_active',
  fulfilment: 'fulfilment',
  is_casino_bonus: 'is_casino_bonus',
  value_usd: 'value_usd',
};

/** What a redemption reads of its item, and the redemption row it opened (null: the Idempotency-Key was used before). */
export type RedeemStart = Omit<RedemptionItemSummary, 'image'> &
  Pick<StoreItem, 'quantity' | 'max_purchases_per_user'> & {
    image_url: string | null;
    is_active: boolean;
    redemption_id: string | null;
    created_at: Date | null;
  };

/** The outcome of taking one purchase: purchases null when the per-user limit refused it. */
export interface PurchaseTaken {
  purchases: number | null;
  stocked: boolean;
  quantity: number | null;
}

/**
 * The member's purchase counted against the per-user limit (binds user id, item id, limit, limit): `c` holds the new
 * count, or no row when the limit was reached.
 */
const COUNT_PURCHASE = `with c as (
  insert into store_purchase_counters as pc (user_id, item_id, purchases) values (?, ?, 1)
  on conflict (user_id, item_id) do update set purchases = pc.purchases + 1
  where ?::int is null or pc.purchases < ?::int
  returning purchases
)`;

/** Store items: the catalogue, the admin's item rows, and the stock and purchase counters a redemption changes. */
@Injectable()
export class StoreRepository {
  /** The store page's items (SPEC §9 filters and sorts) with the viewer's purchases (0 for anonymous). */
  async catalogue(em: EntityManager, userId: number | null, query: StoreQuery): Promise<CatalogueRow[]> {
    const sort = query.sort || 'price_asc';
    const where: string[] = ['i.is_active', 'i.archived_at is null'];
    const params: unknown[] = [userId ?? 0];
    if (query.search) {
      where.push("(i.name ilike ? escape '\\' or i.description ilike ? escape '\\')");
      const like = `%${query.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      params.push(like, like);
    }
    if (query.category && query.category.toLowerCase() !== 'all') {
      where.push('i.category = ?');
      params.push(query.category.toLowerCase());
    }
    if (query.price_range) {
      const [min, max] = PRICE_RANGES[query.price_range]!;
      where.push('i.cost >= ?');
      params.push(min);
      if (max !== null) {
        where.push('i.cost < ?');
        params.push(max);
      }
    }
    const rows = await em.execute<(CatalogueRow & { user_purchases: string | number })[]>(
      `select i.id, i.name, i.description, i.image_url, i.cost, i.quantity, i.max_purchases_per_user, i.category, i.fulfilment, i.is_casino_bonus,
              coalesce(pc.purchases, 0) as user_purchases,
              ${sort === 'popular' ? "(select count(*) from store_redemptions r where r.item_id = i.id and r.status <> 'refunded')" : '0'} as popularity
       from store_items i
       left join store_purchase_counters pc on pc.item_id = i.id and pc.user_id = ?
       where ${where.join(' and ')}
       order by ${ORDER_BY[sort]}
       limit 500`,
      params,
    );
    return rows.map((r) => ({ ...r, user_purchases: Number(r.user_purchases) }));
  }

  /** Which of these items are marked casino bonuses (refused to members on a break). */
  async casinoBonuses(em: EntityManager, itemIds: number[]): Promise<Set<number>> {
    const rows = await em.execute<{ id: number }[]>('select id from store_items where id = any(?::int[]) and is_casino_bonus', [
      intArrayLiteral(itemIds),
    ]);
    return new Set(rows.map((r) => r.id));
  }

  /** Every category of an active item, for the category filter. */
  async categories(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<{ category: string }[]>(
      'select distinct category from store_items where is_active and archived_at is null order by category',
    );
    return rows.map((r) => r.category);
  }

  /**
   * Reads the item and opens its redemption row in one statement. The row doubles as the idempotency slot: a
   * concurrent request with the same key waits on the unique index and then finds nothing inserted. Null: no such item.
   */
  async startRedemption(em: EntityManager, userId: number, itemId: number, idempotencyKey: string | null): Promise<RedeemStart | null> {
    const [row] = await em.execute<RedeemStart[]>(
      `with i as (
         select id, name, image_url, cost, quantity, max_purchases_per_user, is_active from store_items where id = ? and archived_at is null
       ), r as (
         insert into store_redemptions (user_id, item_id, cost, idempotency_key) select ?, i.id, i.cost, ? from i
         on conflict (user_id, idempotency_key) do nothing returning id, created_at
       )
       select i.*, (select id::text from r) as redemption_id, (select created_at from r) as created_at from i`,
      [itemId, userId, idempotencyKey],
    );
    return row ?? null;
  }

  /**
   * Limited stock: the per-user limit and the stock decrement in one statement, the stock last, so a popular
   * item's row is locked only from here to COMMIT (which bounds its redemptions per second). A refused counter
   * leaves the stock row untouched; a fresh counter row starts at 1, which any limit allows. An admin who made
   * the item unlimited while this waited for the row lock does not make it fail: the re-checked row has quantity
   * null and passes unchanged.
   */
  async takeLimitedPurchase(em: EntityManager, userId: number, itemId: number, limit: number | null): Promise<PurchaseTaken> {
    const [row] = await em.execute<PurchaseTaken[]>(
      `${COUNT_PURCHASE}, s as (
         update store_items set quantity = case when quantity is null then null else quantity - 1 end
         where id = ? and is_active and archived_at is null and (quantity is null or quantity > 0) and exists (select 1 from c)
         returning quantity
       )
       select (select purchases from c) as purchases, exists (select 1 from s) as stocked, (select quantity from s) as quantity`,
      [userId, itemId, limit, limit, itemId],
    );
    return row!;
  }

  /**
   * Unlimited stock (the item was read with quantity null): the per-user limit, and the item only read (still
   * on sale?), never locked, so redemptions of such an item run side by side and never wait for an admin's edit.
   * A stock an admin sets meanwhile counts from after this redemption, which did not see it: it is never oversold.
   */
  async takeUnlimitedPurchase(em: EntityManager, userId: number, itemId: number, limit: number | null): Promise<PurchaseTaken> {
    const [row] = await em.execute<PurchaseTaken[]>(
      `${COUNT_PURCHASE}
       select (select purchases from c) as purchases,
              coalesce((select is_active and archived_at is null from store_items where id = ?), false) as stocked,
              null::int as quantity`,
      [userId, itemId, limit, limit, itemId],
    );
    return row!;
  }

  /** Stock and the member's purchases as they stand (an answer replayed for a reused Idempotency-Key). */
  async purchaseState(
    em: EntityManager,
    userId: number,
    itemId: number,
  ): Promise<{ quantity: number | null; purchases: number | null } | null> {
    const [row] = await em.execute<{ quantity: number | null; purchases: number | null }[]>(
      `select i.quantity, pc.purchases from store_items i
       left join store_purchase_counters pc on pc.item_id = i.id and pc.user_id = ? where i.id = ?`,
      [userId, itemId],
    );
    return row ?? null;
  }

  /** A refund gives the purchase back: one fewer in the member's allowance, one more in limited stock. */
  async returnPurchase(em: EntityManager, userId: number, itemId: number): Promise<void> {
    await em.execute('update store_purchase_counters set purchases = purchases - 1 where user_id = ? and item_id = ? and purchases > 0', [
      userId,
      itemId,
    ]);
    await em.execute('update store_items set quantity = quantity + 1, updated_at = now() where id = ? and quantity is not null', [itemId]);
  }

  async isActive(em: EntityManager, itemId: number): Promise<boolean> {
    const [row] = await em.execute<{ is_active: boolean }[]>('select is_active from store_items where id = ?', [itemId]);
    return row?.is_active ?? false;
  }

  async quantity(em: EntityManager, itemId: number): Promise<number | null> {
    const [row] = await em.execute<{ quantity: number | null }[]>('select quantity from store_items where id = ?', [itemId]);
    return row?.quantity ?? null;
  }

  /** Stock as open store pages show it: a hidden or removed item reads as sold out (0). */
  async shownQuantity(em: EntityManager, itemId: number): Promise<number | null> {
    const [row] = await em.execute<{ quantity: number | null; live: boolean }[]>(
      'select quantity, (is_active and archived_at is null) as live from store_items where id = ?',
      [itemId],
    );
    return row && row.live ? row.quantity : 0;
  }

  async adminItems(em: EntityManager): Promise<AdminItemRow[]> {
    return em.execute<AdminItemRow[]>(`${ADMIN_ITEM_SELECT} where i.archived_at is null order by i.is_active desc, i.cost asc, i.id asc`);
  }

  /**
   * One item not archived, optionally locked for the rest of the transaction: 'for no key update' to edit it
   * (redemptions in flight hold only the key-share lock of their foreign keys, so an edit never waits for a
   * storm of them), 'for update' to remove it.
   */
  async adminItem(em: EntityManager, id: number, lock: '' | 'for no key update' | 'for update' = ''): Promise<AdminItemRow | null> {
    const [row] = await em.execute<AdminItemRow[]>(
      `${ADMIN_ITEM_SELECT} where i.id = ? and i.archived_at is null${lock ? ` ${lock} of i` : ''}`,
      [id],
    );
    return row ?? null;
  }

  async insertItem(em: EntityManager, input: StoreItemInput): Promise<number> {
    const keys = Object.keys(COLUMNS) as (keyof StoreItemInput)[];
    const [{ id }] = await em.execute<{ id: number }[]>(
      `insert into store_items (${keys.map((k) => COLUMNS[k]).join(', ')}) values (${keys.map(() => '?').join(', ')}) returning id`,
      keys.map((k) => input[k]),
    );
    return id;
  }

  /** Writes the fields given (undefined ones stay as they are). */
  async updateItem(em: EntityManager, id: number, input: Partial<StoreItemInput>): Promise<void> {
    const keys = (Object.keys(input) as (keyof StoreItemInput)[]).filter((k) => input[k] !== undefined && k in COLUMNS);
    if (!keys.length) return;
    await em.execute(`update store_items set ${keys.map((k) => `${COLUMNS[k]} = ?`).join(', ')}, updated_at = now() where id = ?`, [
      ...keys.map((k) => input[k]),
      id,
    ]);
  }

  async hasRedemptions(em: EntityManager, id: number): Promise<boolean> {
    const [{ used }] = await em.execute<{ used: boolean }[]>('select exists (select 1 from store_redemptions where item_id = ?) as used', [
      id,
    ]);
    return used;
  }

  /** Archived items (sold out, or deleted with redemptions), the newest archived first. */
  async archived(em: EntityManager, limit: number): Promise<{ id: number; title: string; archived_at: Date }[]> {
    return em.execute(
      `select id, name as title, archived_at from store_items where archived_at is not null order by archived_at desc, id desc limit ?`,
      [limit],
    );
  }

  /**
   * Lists an archived item again, still inactive: it went out of stock (or was deleted), so it stays off the store
   * until the admin restocks and activates it. Answers its name, or nothing when it is not archived.
   */
  async restore(em: EntityManager, id: number): Promise<{ id: number; title: string } | undefined> {
    const [row] = await em.execute<{ id: number; title: string }[]>(
      `update store_items set archived_at = null, updated_at = now() where id = ? and archived_at is not null returning id, name as title`,
      [id],
    );
    return row;
  }

  /** Archives every item out of stock (none left, limited stock only); answers their names by id. */
  async archiveSoldOut(em: EntityManager): Promise<{ id: number; name: string }[]> {
    return em.execute(
      `update store_items set archived_at = now(), is_active = false, updated_at = now()
       where archived_at is null and quantity is not null and quantity <= 0 returning id, name`,
    );
  }

  async archiveItem(em: EntityManager, id: number): Promise<void> {
    await em.execute('update store_items set archived_at = now(), is_active = false, updated_at = now() where id = ?', [id]);
  }

  async deleteItem(em: EntityManager, id: number): Promise<void> {
    await em.execute('delete from store_items where id = ?', [id]);
  }
}
