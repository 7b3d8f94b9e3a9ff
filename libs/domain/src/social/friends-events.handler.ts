import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { friendRequestAcceptedNotification, friendRequestReceivedNotification, userRoom, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';
import { FriendshipsRepository } from './friendships.repository';

/** Both members' friends menus follow every change; the other member is told about requests and accepts. */
@Injectable()
export class FriendsEventsHandler implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly friendships: FriendshipsRepository,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'social.push-friends',
      type: 'friendship.changed',
      afterCommit: (event: DomainEvent<'friendship.changed'>) => this.push(event.payload),
    });
  }

  private async push(p: DomainEvent<'friendship.changed'>['payload']): Promise<void> {
    const em = this.em.fork();
    for (const userId of [p.actorId, p.otherId]) {
      const pending_count = await this.friendships.pendingCount(em, userId);
      this.realtime.toRoom(userRoom(userId), 'friends:updated', { pending_count, friendship_id: p.friendshipId, change: p.change });
    }
    if (p.change !== 'requested' && p.change !== 'accepted') return;
    const actor = await this.friendships.username(em, p.actorId);
    if (!actor) return;
    const message = p.change === 'requested' ? friendRequestReceivedNotification(actor) : friendRequestAcceptedNotification(actor);
    this.realtime.toRoom(userRoom(p.otherId), 'user:notification', { type: 'info', message });
  }
}
