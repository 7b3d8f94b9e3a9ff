import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  SLOT_REQUEST_TEXTS,
  SLOT_TEXTS,
  type MySlotRequest,
  type SlotRequestEntry,
  type SlotRequestOutcome,
  type SlotRequestPlayed,
  type SlotRequestRules,
  type SlotRequestSettings,
  type SlotRequestSettingsUpdate,
} from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, notFound, tooManyRequests, unprocessable } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { InsufficientPointsError } from '../economy/points.errors';
import { SlotRequestsRepository } from './slot-requests.repository';
import { SlotRequestsLivePublisher } from './slot-requests-live.publisher';

/** The queue a page, Go live and the overlay show; a member's history shows their last requests. */
const QUEUE_SHOWN = 100;
const HISTORY_SHOWN = 50;

/**
 * Viewers' slot requests (docs/slots.md). A request is one transaction: the member's lock (cooldown and open limit
 * read what their previous request wrote), the slot's queued request (created, or merged into with its row locked),
 * the member added once, and the price debited with a key per request and member, so a requester pays once. Skipping
 * or clearing refunds each requester with a key of its own, so a refund is paid exactly once.
 */
@Injectable()
export class SlotRequestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly requests: SlotRequestsRepository,
    private readonly economy: EconomyService,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly live: SlotRequestsLivePublisher,
  ) {}

  async request(userId: number, slotId: number, source: 'site' | 'chat'): Promise<SlotRequestOutcome> {
    const outcome = await this.em.fork().transactional(async (tx): Promise<SlotRequestOutcome> => {
      await this.requests.lockMember(tx, userId);
      const rules = await this.requests.settings(tx);
      if (!rules.open) throw conflict(SLOT_REQUEST_TEXTS.closed);
      const providerId = await this.requests.slotProvider(tx, slotId);
      if (providerId === null) throw notFound(SLOT_TEXTS.notFound);
      if (rules.blocked_slot_ids.includes(slotId)) throw unprocessable(SLOT_REQUEST_TEXTS.blockedSlot);
      if (rules.blocked_provider_ids.includes(providerId)) throw unprocessable(SLOT_REQUEST_TEXTS.blockedProvider);
      const member = await this.requests.memberState(tx, userId);
      if (rules.cooldown_seconds > 0 && member.since !== null && member.since < rules.cooldown_seconds) {
        throw tooManyRequests(SLOT_REQUEST_TEXTS.cooldown(Math.ceil(rules.cooldown_seconds - member.since)));
      }
      if (member.open >= rules.open_limit) throw conflict(SLOT_REQUEST_TEXTS.limit(rules.open_limit));
      const queued = await this.requests.queuedFor(tx, slotId);
      if (!(await this.requests.addRequester(tx, queued.id, userId, source, rules.price))) throw conflict(SLOT_REQUEST_TEXTS.already);
      if (rules.price > 0) {
        try {
          await this.economy.debit(tx, {
            userId,
            amount: rules.price,
            reason: 'slot.request',
            reference: `slot-request:${queued.id}`,
            idempotencyKey: `slot-request:${queued.id}:${userId}`,
          });
        } catch (err) {
          if (err instanceof InsufficientPointsError) throw unprocessable(SLOT_REQUEST_TEXTS.notEnoughPoints);
          throw err;
        }
      }
      return { request: (await this.requests.entry(tx, queued.id))!, merged: !queued.created, points_spent: rules.price };
    });
    await this.live.changed();
    return outcome;
  }

  /**
   * `!sr <name>`: the catalogue's best match is requested when it is the name typed (letters and digits, any case) or
   * the only match; otherwise nothing is queued and the two closest names are answered, so chat never queues a guess.
   */
  async requestByName(
    userId: number,
    typed: string,
  ): Promise<{ outcome: SlotRequestOutcome } | { closest: { name: string; provider: string }[] }> {
    const matches = await this.requests.closest(this.em.fork(), typed, 2);
    const [best] = matches;
    if (!best || (!best.exact && matches.length > 1)) return { closest: matches.map(({ name, provider }) => ({ name, provider })) };
    return { outcome: await this.request(userId, best.id, 'chat') };
  }

  async queue(): Promise<{ queue: SlotRequestEntry[]; open: boolean; price: number; refund: { requests: number; points: number } }> {
    const em = this.em.fork();
    const [queue, rules, refund] = await Promise.all([
      this.requests.queue(em, QUEUE_SHOWN),
      this.requests.settings(em),
      this.requests.pointsToRefund(em),
    ]);
    return { queue, open: rules.open, price: rules.price, refund };
  }

  /** What the "next up" overlay starts from: the queue's head and its size (pushes carry the same). */
  async nextUp(): Promise<{ next: SlotRequestEntry[]; total: number }> {
    return this.live.head();
  }

  async mine(userId: number): Promise<MySlotRequest[]> {
    return this.requests.mine(this.em.fork(), userId, HISTORY_SHOWN);
  }

  /** The rules as the admin form edits them: the blocklists' slots and providers named. */
  async rules(): Promise<SlotRequestRules> {
    const em = this.em.fork();
    const settings = await this.requests.settings(em);
    return { ...settings, ...(await this.requests.blockedNames(em, settings.blocked_slot_ids, settings.blocked_provider_ids)) };
  }

  async updateSettings(actorId: number, changes: SlotRequestSettingsUpdate): Promise<SlotRequestSettings> {
    const saved = await this.audit.audited({ actorId, action: 'slot-requests.settings', entity: 'slot_request_settings' }, async (tx) => {
      const before = await this.requests.settings(tx);
      await this.requests.updateSettings(tx, changes);
      return { entityId: 1, before, after: await this.requests.settings(tx) };
    });
    await this.live.changed();
    return saved;
  }

  async played(actorId: number, requestId: number, result: SlotRequestPlayed): Promise<void> {
    await this.closing(actorId, requestId, 'played', result);
  }

  async skip(actorId: number, requestId: number): Promise<{ refunded: number }> {
    return this.closing(actorId, requestId, 'skipped');
  }

  async clear(actorId: number): Promise<{ requests: number; refunded: number }> {
    const cleared = await this.em.fork().transactional(async (tx) => {
      const { closed, refunds } = await this.requests.close(tx, null, 'cleared');
      const refunded = await this.refund(tx, refunds);
      await this.audit.record(tx, {
        actorId,
        action: 'slot-requests.clear',
        entity: 'slot_request',
        after: { requests: closed, refunded },
      });
      return { requests: closed, refunded };
    });
    await this.live.changed();
    return cleared;
  }

  /**
   * Closes one queued request. Played writes 'slot-request.played' in the same transaction: the worker recomputes the
   * slot's figures from it (a recorded bet and win count as the slot opened once more), never a page's read.
   */
  private async closing(actorId: number, requestId: number, status: 'played' | 'skipped', result: SlotRequestPlayed = {}) {
    const done = await this.em.fork().transactional(async (tx) => {
      const { closed, slotIds, refunds } = await this.requests.close(tx, requestId, status, result);
      if (!closed) throw notFound(SLOT_REQUEST_TEXTS.notFound);
      if (status === 'played')
        await this.outbox.add(tx, 'slot-request.played', { requestId, slotId: slotIds[0]!, at: new Date().toISOString() });
      const refunded = await this.refund(tx, refunds);
      await this.audit.record(tx, {
        actorId,
        action: `slot-requests.${status}`,
        entity: 'slot_request',
        entityId: requestId,
        after: { ...result, refunded },
      });
      return { refunded };
    });
    await this.live.changed();
    return done;
  }

  /** Each requester's refund has its own key: a second refund of the same request and member is refused by the ledger. */
  private async refund(tx: EntityManager, refunds: { request_id: number; user_id: number; points: number }[]): Promise<number> {
    let total = 0;
    for (const r of refunds) {
      const result = await this.economy.credit(tx, {
        userId: r.user_id,
        amount: r.points,
        reason: 'slot.request.refund',
        reference: `slot-request:${r.request_id}`,
        idempotencyKey: `slot-request-refund:${r.request_id}:${r.user_id}`,
      });
      await this.requests.markRefunded(tx, r.request_id, r.user_id);
      if (result.applied) total += r.points;
    }
    return total;
  }
}
