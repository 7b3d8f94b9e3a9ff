import { Injectable, Logger } from '@nestjs/common';
import { SITE_ROOM, type ActivityDelivery } from '@kickback/contracts';
import { RealtimeEmitter } from '@kickback/platform';
import { KickPublicKeyService } from './kick-public-key.service';
import { KNOWN_EVENTS, readablePayload } from './kick-event-payloads';
import { ChatCommandsService } from './chat-commands.service';
import { LiveStateService } from './live-state.service';
import { KickDeliveryBatcher, type ClaimAs } from './kick-delivery-batcher';
import { KickDeliveryLog } from './kick-delivery-log';

/** Kick's replay window: a message older than this (or later than now, beyond clock skew) is refused. */
const MAX_AGE_MS = 5 * 60_000;
const FUTURE_SKEW_MS = 30_000;

export interface WebhookHeaders {
  messageId?: string;
  timestamp?: string;
  signature?: string;
  type?: string;
  version?: string;
}

export interface WebhookAnswer {
  status: 200 | 400 | 401;
  result: string;
}

const HEADER_ID = /^[0-9A-Za-z_-]{1,64}$/;
const HEADER_NAME = /^[a-z0-9._-]{1,64}$/;

/**
 * POST /webhooks/kick: signature and freshness first, then the message's effect and its dedupe row in one transaction
 * (KickDeliveryBatcher), so a redelivery (even ten at once) finds the row or waits on it and applies nothing. Unknown
 * types and versions are acknowledged and ignored; every delivery lands in a short Redis list the admin panel shows.
 */
@Injectable()
export class KickWebhookService {
  private readonly logger = new Logger(KickWebhookService.name);

  constructor(
    private readonly keys: KickPublicKeyService,
    private readonly batcher: KickDeliveryBatcher,
    private readonly log: KickDeliveryLog,
    private readonly realtime: RealtimeEmitter,
    private readonly commands: ChatCommandsService,
    private readonly liveState: LiveStateService,
  ) {}

  async receive(headers: WebhookHeaders, rawBody: Buffer): Promise<WebhookAnswer> {
    const answer = await this.handle(headers, rawBody);
    await this.log.record({
      message_id: (headers.messageId ?? '').slice(0, 64),
      type: (headers.type ?? '').slice(0, 64),
      version: (headers.version ?? '').slice(0, 16),
      result: answer.result,
      received_at: new Date().toISOString(),
    });
    return answer;
  }

  recentDeliveries(limit = 50): Promise<ActivityDelivery[]> {
    return this.log.recent(limit);
  }

  private async handle(headers: WebhookHeaders, rawBody: Buffer): Promise<WebhookAnswer> {
    const { messageId, timestamp, signature, type, version } = headers;
    if (!messageId || !timestamp || !signature || !type || !version || !HEADER_ID.test(messageId) || !HEADER_NAME.test(type))
      return { status: 400, result: 'malformed' };
    const sentAt = new Date(timestamp);
    if (!(await this.keys.verify(messageId, timestamp, rawBody, signature))) return { status: 401, result: 'bad-signature' };
    const age = Date.now() - sentAt.getTime();
    if (Number.isNaN(age) || age > MAX_AGE_MS || age < -FUTURE_SKEW_MS) return { status: 400, result: 'stale' };
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
    const applied = await this.batcher.apply({ id: messageId, type, version: version.slice(0, 16), sentAt, payload }, claimAs);
    if (!applied) return { status: 200, result: 'duplicate' };
    if (applied.live) {
      await this.liveState.changed(applied.live, sentAt);
      this.realtime.toRoom(SITE_ROOM, 'site:live', applied.live);
    }
    if (applied.command) await this.commands.answer(applied.command).catch((err) => this.logger.warn({ err }, 'chat command failed'));
    return { status: 200, result: applied.outcome };
  }
}
