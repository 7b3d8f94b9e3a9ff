import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { StoreData, StoreItem, StoreQuery } from '@kickback/contracts';
import { EconomyService } from '../economy/economy.service';
import { communityPurchases, memberRedemptions } from './store-rows';

/** Half-open ranges [min, max): an item costing exactly 1000 shows under 1000-5000. */
const PRICE_RANGES: Record<string, [number, number | null]> = {
  '0-1000': [0, 1000],
  '1000-5000': [1000, 5000],
  '5000-10000': [5000, 10000],
  '10000+': [10000, null],
};

const ORDER_BY: Record<string, string> = {
  price_asc: 'i.cost asc, i.id asc',
  price_desc: 'i.cost desc, i.id asc',
  popular: 'popularity desc, i.id asc',
  newest: 'i.created_at desc, i.id desc',
};

interface ItemRow {
  id: number;
  name: string;
  description: string;
  image_url: string | null;
  cost: number;
  quantity: number | null;
  max_purchases_per_user: number | null;
  category: string;
  fulfilment: 'manual' | 'code';
  user_purchases: number;
}

/** The store page (SPEC §3 Store data, §9 filters and sorts). Anonymous visitors see it with zero points. */
@Injectable()
export class StoreCatalogService {
  constructor(
    private readonly em: EntityManager,
    private readonly economy: EconomyService,
  ) {}

  async page(userId: number | null, query: StoreQuery): Promise<StoreData> {
    const em = this.em.fork();
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
      const [min, max] = PRICE_RANGES[query.price_range];
      where.push('i.cost >= ?');
      params.push(min);
      if (max !== null) {
        where.push('i.cost < ?');
        params.push(max);
      }
    }
    const rows = await em.execute<ItemRow[]>(
      `select i.id, i.name, i.description, i.image_url, i.cost, i.quantity, i.max_purchases_per_user, i.category, i.fulfilment,
              coalesce(pc.purchases, 0) as user_purchases,
              ${sort === 'popular' ? "(select count(*) from store_redemptions r where r.item_id = i.id and r.status <> 'refunded')" : '0'} as popularity
       from store_items i
       left join store_purchase_counters pc on pc.item_id = i.id and pc.user_id = ?
       where ${where.join(' and ')}
       order by ${ORDER_BY[sort]}
       limit 500`,
      params,
    );
    const categories = await em.execute<{ category: string }[]>(
      'select distinct category from store_items where is_active and archived_at is null order by category',
    );
    const store_items: StoreItem[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      image: r.image_url,
      cost: r.cost,
      quantity: r.quantity,
      max_purchases_per_user: r.max_purchases_per_user,
      user_purchases: Number(r.user_purchases),
      category: r.category,
      fulfilment: r.fulfilment,
    }));
    return {
      user_points: userId ? await this.economy.balanceOf(userId) : 0,
      store_items,
      recent_redemptions: userId ? await memberRedemptions(em, userId) : [],
      community_purchases: await communityPurchases(em),
      categories: categories.map((c) => c.category),
    };
  }
}
