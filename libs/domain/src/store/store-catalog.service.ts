import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { StoreData, StoreItem, StoreQuery } from '@kickback/contracts';
import { EconomyService } from '../economy/economy.service';
import { StoreRepository } from './store.repository';
import { StoreRedemptionsRepository } from './store-redemptions.repository';
import { toCommunityPurchase, toRedemption } from './store-views';

/** SPEC §3 recent_redemptions and community_purchases: the latest ten of each. */
const LATEST = 10;

/** The store page (SPEC §3 Store data, §9 filters and sorts). Anonymous visitors see it with zero points. */
@Injectable()
export class StoreCatalogService {
  constructor(
    private readonly em: EntityManager,
    private readonly economy: EconomyService,
    private readonly items: StoreRepository,
    private readonly redemptions: StoreRedemptionsRepository,
  ) {}

  async page(userId: number | null, query: StoreQuery): Promise<StoreData> {
    const em = this.em.fork();
    const rows = await this.items.catalogue(em, userId, query);
    const categories = await this.items.categories(em);
    const store_items: StoreItem[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      image: r.image_url,
      cost: r.cost,
      quantity: r.quantity,
      max_purchases_per_user: r.max_purchases_per_user,
      user_purchases: r.user_purchases,
      category: r.category,
      is_casino_bonus: r.is_casino_bonus,
      fulfilment: r.fulfilment,
    }));
    return {
      user_points: userId ? await this.economy.balanceOf(userId) : 0,
      store_items,
      recent_redemptions: userId ? (await this.redemptions.ofMember(em, userId, LATEST)).map(toRedemption) : [],
      community_purchases: (await this.redemptions.latestPurchases(em, LATEST)).map(toCommunityPurchase),
      categories,
    };
  }
}
