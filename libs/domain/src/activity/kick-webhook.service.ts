import { Injectable, Logger } from '@nestjs/common';
import { SITE_ROOM, type ActivityDelivery } from '@kickback/contracts';
import type Redis from 'ioredis';
import { InjectRedis, RealtimeEmitter } from '@kickback/platform';
import { KickPublicKeyService } from './kick-public-key.service';
import { KNOWN_EVENTS, readablePayload, type LivestreamStatusPayload } from './kick-event-payloads';
import type { Applied } from './kick-event-applier.service';
import { KickSubscriptionsService } from './kick-subscriptions.service';
import { LiveStateService } from './live-state.service';
import { KickDeliveryBatcher, OTHER_BROADCASTER, OTHER_SUBSCRIPTION, type ClaimAs } from './kick-delivery-batcher';
import { KickDeliveryLog } from './kick-delivery-log';
import { RaffleLivePublisher } from '../raffles/raffle-live.publisher';

export interface WebhookHeaders {
  messageId?: string;
  timestamp?: string;
  signature?: string;
  type?: string;
  version?: string;
  subscriptionId?: string;
}

export interface WebhookAnswer {
  status: 200 | 400 | 401;
  result: string;
  /** Who the message came from, when the delivery list names them ("Anonymous" for a hidden gifter). */
  from?: string;
}

const HEADER_ID = /^[0-9A-Za-z_-]{1,64}$/;
const RECONCILE_ASKED_KEY = 'kick:subscriptions:reconcile-asked';
const RECONCILE_ASKED_SECONDS = 60;
const HEADER_NAME = /^[a-z0-9._-]{1,64}$/;

/**
 * POST /webhooks/kick: the signature first, then the message's effect and its dedupe row in one transaction
 * (KickDeliveryBatcher), so a redelivery (even ten at once) finds the row or waits on it and applies nothing. Kick
 * documents no replay window and retries for hours, so a verified delivery is acknowledged whatever its age: the
 * message id (kept KICK_MESSAGE_RETENTION_DAYS) is what stops a replay, and effects use the event's own time. Only a
 * malformed, unsigned or forged delivery is refused. Unknown types and versions, messages for another broadcaster and
 * deliveries under a subscription that is not the one recorded for their event are acknowledged and ignored; every
 * delivery lands in a short Redis list the admin panel shows. The answer goes as soon as the transaction commits:
 * chat replies are queued in it (the outbox) and sent by the worker, never awaited here.
 */
@Injectable()
export class KickWebhookService {
  private readonly logger = new Logger(KickWebhookService.name);

  constructor(
    private readonly keys: KickPublicKeyService,
    private readonly batcher: KickDeliveryBatcher,
    private readonly log: KickDeliveryLog,
    private readonly realtime: RealtimeEmitter,
    private readonly subscriptions: KickSubscriptionsService,
    private readonly liveState: LiveStateService,
    private readonly raffles: RaffleLivePublisher,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async receive(headers: WebhookHeaders, rawBody: Buffer): Promise<WebhookAnswer> {
    const answer = await this.handle(headers, rawBody);
    await this.log.record({
      message_id: (headers.messageId ?? '').slice(0, 64),
      type: (headers.type ?? '').slice(0, 64),
      version: (headers.version ?? '').slice(0, 16),
      result: answer.result,
      ...(answer.from ? { from: answer.from } : {}),
      received_at: new Date().toISOString(),
    });
    return answer;
  }

  recentDeliveries(limit = 50): Promise<ActivityDelivery[]> {
    return this.log.recent(limit);
  }

  private async handle(headers: WebhookHeaders, rawBody: Buffer): Promise<WebhookAnswer> {
    const { messageId, timestamp, signature, type, version, subscriptionId } = headers;
    if (!messageId || !timestamp || !signature || !type || !version || !HEADER_ID.test(messageId) || !HEADER_NAME.test(type))
      return { status: 400, result: 'malformed' };
    const signedAt = Date.parse(timestamp);
    if (Number.isNaN(signedAt)) return { status: 400, result: 'malformed' };
    if (!(await this.keys.verify(messageId, timestamp, rawBody, signature))) return { status: 401, result: 'bad-signature' };
    // A clock ahead of ours must not date a state into our future (a later genuine status would look older than it).
    const sentAt = new Date(Math.min(signedAt, Date.now()));
    const known = Object.hasOwn(KNOWN_EVENTS, type) && KNOWN_EVENTS[type]!.includes(version);
    let payload: unknown = null;
    let claimAs: ClaimAs = known ? 'applied' : 'ignored';
    if (known) {
      try {
        payload = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { status: 400, result: 'malformed' };
      }
      // A signed payload without the fields we read: acknowledged (Kick would only retry it), nothing applied.
      if (!readablePayload(type, payload)) claimAs = 'unreadable';
    }
    const message = {
      id: messageId,
      type,
      version: version.slice(0, 16),
      sentAt,
      payload,
      ...(subscriptionId && HEADER_ID.test(subscriptionId) ? { subscriptionId } : {}),
    };
    const applied = await this.batcher.apply(message, claimAs);
    if (!applied) return { status: 200, result: 'duplicate' };
    if (applied.outcome === OTHER_BROADCASTER)
      this.logger.warn({ messageId, type, broadcaster: applied.broadcaster }, 'Kick delivery for another broadcaster ignored');
    if (applied.outcome === OTHER_SUBSCRIPTION) {
      this.logger.warn({ messageId, type, subscriptionId }, 'Kick delivery under a subscription that is not ours ignored');
      this.reconcileSoon();
    }
    await this.afterCommit(applied, sentAt);
    const result = applied.command ? `${applied.outcome}, command ${applied.command}` : applied.outcome;
    return { status: 200, result, from: applied.from };
  }

  /**
   * A second subscription for an event is delivering: the reconcile removes it. Not awaited (the answer goes now) and
   * asked at most once a minute, however many deliveries it sends.
   */
  private reconcileSoon(): void {
    void this.redis
      .set(RECONCILE_ASKED_KEY, '1', 'EX', RECONCILE_ASKED_SECONDS, 'NX')
      .then((asked) => (asked === 'OK' ? this.subscriptions.reconcile() : undefined))
      .catch((err: unknown) => this.logger.warn({ err }, 'Kick subscriptions reconcile after a foreign delivery failed'));
  }

  /**
   * A live status read from Kick's channel lookup (KickLivePollService), applied exactly as a delivery of it: under its
   * own message id, ordered like a delivery stamped `orderAt`. Answers the outcome (`out-of-order` when it was older).
   */
  async applyPolledStatus(payload: LivestreamStatusPayload, orderAt: Date): Promise<string> {
    const id = `poll:${orderAt.toISOString()}`;
    const applied = await this.batcher.apply({ id, type: 'livestream.status.updated', version: '1', sentAt: orderAt, payload }, 'applied');
    if (!applied) return 'duplicate';
    await this.afterCommit(applied, orderAt);
    return applied.outcome;
  }

  private async afterCommit(applied: Applied, sentAt: Date): Promise<void> {
    if (applied.live) {
      await this.liveState.changed(applied.live, applied.liveAsOf ?? sentAt);
      this.realtime.toRoom(SITE_ROOM, 'site:live', applied.live);
    }
    for (const raffleId of applied.rafflesChanged ?? [])
      await this.raffles.statusChanged(raffleId).catch((err) => this.logger.warn({ err, raffleId }, 'raffle push after a ban failed'));
  }
}
