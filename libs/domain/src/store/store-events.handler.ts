import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ALERTS_ROOM, STORE_ROOM, ADMIN_ROOM, userRoom, type DomainEvent, type StoreRedemption } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';
import { RedemptionFulfilmentService } from './redemption-fulfilment.service';
import { StoreRepository } from './store.repository';
import { StoreRedemptionsRepository } from './store-redemptions.repository';
import { toCommunityPurchase, toRedemption } from './store-views';

/**
 * The worker side of the store: fulfils new redemptions exactly once (inside the event's
 * processed-event transaction) and then tells everyone who watches. The pushes read the
 * committed state, so a redelivered event repeats a push but never a code or a payout.
 */
@Injectable()
export class StoreEventsHandler implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly fulfilment: RedemptionFulfilmentService,
    private readonly items: StoreRepository,
    private readonly redemptions: StoreRedemptionsRepository,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'store.fulfil-redemption',
      type: 'redemption.created',
      handle: async (event: DomainEvent<'redemption.created'>, tx) => {
        await this.fulfilment.fulfil(tx, event.payload.redemptionId);
      },
      afterCommit: (event: DomainEvent<'redemption.created'>) => this.afterCreated(event.payload.redemptionId, event.payload.userId),
    });
    this.handlers.register({
      consumer: 'store.push-item-change',
      type: 'store.item-changed',
      afterCommit: (event: DomainEvent<'store.item-changed'>) => this.afterItemChanged(event.payload.itemId),
    });
    this.handlers.register({
      consumer: 'store.push-redemption-update',
      type: 'redemption.updated',
      afterCommit: (event: DomainEvent<'redemption.updated'>) => this.afterUpdated(event.payload.redemptionId, event.payload.userId),
    });
  }

  private async afterItemChanged(itemId: number): Promise<void> {
    // A hidden item reads as sold out to open pages until they refetch the list.
    this.realtime.toRoom(STORE_ROOM, 'store:stock', { item_id: itemId, quantity: await this.items.shownQuantity(this.em.fork(), itemId) });
  }

  private async afterCreated(redemptionId: number, userId: number): Promise<void> {
    const em = this.em.fork();
    const row = await this.redemptions.byId(em, redemptionId);
    if (!row) return;
    const { username } = row;
    const own = toRedemption(row);
    const purchase = toCommunityPurchase(row);
    const quantity = await this.items.quantity(em, own.item.id);
    // A redemption refunded at once (no stock left for it) was never a purchase.
    if (own.status !== 'refunded') {
      this.realtime.toRoom(STORE_ROOM, 'store:purchase', {
        purchase,
        item: { id: own.item.id, quantity },
      });
      // Stream alerts (the alerts overlay): public names only.
      this.realtime.toRoom(ALERTS_ROOM, 'alerts:item', {
        kind: 'redemption',
        // The name viewers know from chat, as every public list shows it.
        username: row.kick_username || username,
        text: `redeemed ${own.item.name}`,
        at: own.created_at,
      });
    }
    this.realtime.toRoom(ADMIN_ROOM, 'store:admin-redemption', { id: own.id, status: own.status, item_name: own.item.name, username });
    if (own.status === 'pending') {
      // Manual items (and code items whose pool ran dry) wait for the team: tell them now.
      this.realtime.toRoom(ADMIN_ROOM, 'user:notification', {
        type: 'info',
        message: `New redemption to deliver: ${own.item.name} for ${username}.`,
      });
    }
    if (own.status === 'processed') this.notifyMember(userId, own);
  }

  private async afterUpdated(redemptionId: number, userId: number): Promise<void> {
    const em = this.em.fork();
    const row = await this.redemptions.byId(em, redemptionId);
    if (!row) return;
    const { username } = row;
    const own = toRedemption(row);
    this.realtime.toRoom(ADMIN_ROOM, 'store:admin-redemption', { id: own.id, status: own.status, item_name: own.item.name, username });
    if (own.status === 'refunded')
      this.realtime.toRoom(STORE_ROOM, 'store:stock', { item_id: own.item.id, quantity: await this.items.quantity(em, own.item.id) });
    this.notifyMember(userId, own);
  }

  private notifyMember(userId: number, own: StoreRedemption): void {
    this.realtime.toRoom(userRoom(userId), 'store:redemption-updated', own);
    const message =
      own.status === 'refunded'
        ? `Your redemption of ${own.item.name} was refunded (${own.item.cost.toLocaleString('en-US')} points).`
        : own.code
          ? `Your ${own.item.name} code: ${own.code}`
          : `Your ${own.item.name} redemption has been processed.`;
    this.realtime.toRoom(userRoom(userId), 'user:notification', { type: own.status === 'refunded' ? 'info' : 'success', message });
  }
}
