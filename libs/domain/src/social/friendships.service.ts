import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  FRIEND_ERRORS,
  FRIEND_MESSAGES,
  FRIEND_SEARCH_LIMIT,
  type FriendRequestAnswer,
  type FriendSearchResult,
  type FriendsMenu,
  type FriendUser,
} from '@kickback/contracts';
import { OutboxService, conflict, forbidden, notFound, unprocessable } from '@kickback/platform';
import { FriendshipsRepository, type FriendshipRow } from './friendships.repository';
import { friendshipView } from './friendship-view';

type Change = 'requested' | 'accepted' | 'declined' | 'removed';

/**
 * SPEC §4 Friendship: none → pending (request), pending → accepted (the receiver accepts), pending → none (the receiver
 * declines), accepted → none (either friend removes). Crossed requests: when B asks A while A's request to B is
 * pending, B's request accepts A's — the pair ends as one accepted friendship, however the two requests interleave
 * (the pair's unique index serialises them; the second waits for the first and then sees its row).
 */
@Injectable()
export class FriendshipsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: FriendshipsRepository,
    private readonly outbox: OutboxService,
  ) {}

  async request(senderId: number, receiverId: number): Promise<FriendRequestAnswer> {
    if (senderId === receiverId) throw unprocessable(FRIEND_ERRORS.self, { user_id: [FRIEND_ERRORS.self] });
    return this.em.fork().transactional(async (tx) => {
      if (!(await this.repository.visibleUser(tx, receiverId))) throw notFound(FRIEND_ERRORS.userNotFound);
      const id = await this.repository.insertPending(tx, senderId, receiverId);
      if (id !== null) {
        await this.changed(tx, id, 'requested', senderId, receiverId);
        return { success: true as const, message: FRIEND_MESSAGES.sent, data: { friendship_id: id, status: 'pending' as const } };
      }
      const row = (await this.repository.lockPair(tx, senderId, receiverId))!;
      if (row.status === 'accepted') throw conflict(FRIEND_ERRORS.alreadyFriends);
      if (row.sender_id === senderId) throw conflict(FRIEND_ERRORS.alreadySent);
      await this.repository.accept(tx, row.id);
      await this.changed(tx, row.id, 'accepted', senderId, receiverId);
      return { success: true as const, message: FRIEND_MESSAGES.accepted, data: { friendship_id: row.id, status: 'accepted' as const } };
    });
  }

  async accept(userId: number, id: number): Promise<string> {
    await this.em.fork().transactional(async (tx) => {
      const row = await this.involving(tx, userId, id, FRIEND_ERRORS.requestNotFound);
      if (row.status !== 'pending') throw conflict(FRIEND_ERRORS.alreadyFriends);
      if (row.receiver_id !== userId) throw forbidden(FRIEND_ERRORS.notReceiver);
      await this.repository.accept(tx, id);
      await this.changed(tx, id, 'accepted', userId, row.sender_id);
    });
    return FRIEND_MESSAGES.accepted;
  }

  async decline(userId: number, id: number): Promise<string> {
    await this.em.fork().transactional(async (tx) => {
      const row = await this.involving(tx, userId, id, FRIEND_ERRORS.requestNotFound);
      if (row.status !== 'pending') throw conflict(FRIEND_ERRORS.requestNotFound);
      if (row.receiver_id !== userId) throw forbidden(FRIEND_ERRORS.notReceiver);
      await this.repository.delete(tx, id);
      await this.changed(tx, id, 'declined', userId, row.sender_id);
    });
    return FRIEND_MESSAGES.declined;
  }

  async remove(userId: number, id: number): Promise<string> {
    await this.em.fork().transactional(async (tx) => {
      const row = await this.involving(tx, userId, id, FRIEND_ERRORS.friendshipNotFound);
      if (row.status !== 'accepted') throw conflict(FRIEND_ERRORS.friendshipNotFound);
      await this.repository.delete(tx, id);
      await this.changed(tx, id, 'removed', userId, row.sender_id === userId ? row.receiver_id : row.sender_id);
    });
    return FRIEND_MESSAGES.removed;
  }

  async search(viewerId: number, query: string): Promise<FriendSearchResult[]> {
    const rows = await this.repository.search(this.em.fork(), viewerId, query, FRIEND_SEARCH_LIMIT);
    return rows.map(({ f, ...user }) => ({ ...user, friendship: friendshipView(viewerId, user.id, f) }));
  }

  async mutual(viewerId: number, otherId: number): Promise<FriendUser[]> {
    const em = this.em.fork();
    if (!(await this.repository.visibleUser(em, otherId))) throw notFound(FRIEND_ERRORS.userNotFound);
    return this.repository.mutual(em, viewerId, otherId);
  }

  async menu(userId: number): Promise<FriendsMenu> {
    const menu = await this.repository.menu(this.em.fork(), userId);
    return { pending_count: menu.incoming.length, ...menu };
  }

  async pendingCount(userId: number): Promise<number> {
    return this.repository.pendingCount(this.em.fork(), userId);
  }

  /** A friendship the member is part of; anyone else's is "not found" (its existence is not theirs to learn). */
  private async involving(tx: EntityManager, userId: number, id: number, missing: string): Promise<FriendshipRow> {
    const row = await this.repository.lock(tx, id);
    if (!row || (row.sender_id !== userId && row.receiver_id !== userId)) throw notFound(missing);
    return row;
  }

  private async changed(tx: EntityManager, friendshipId: number, change: Change, actorId: number, otherId: number): Promise<void> {
    await this.outbox.add(tx, 'friendship.changed', { friendshipId, change, actorId, otherId, at: new Date().toISOString() });
  }
}
