import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { SITE_ROOM, type ActivityDelivery } from '@kickback/contracts';
import { InjectRedis, RealtimeEmitter } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { KickEventApplier, type Applied } from './kick-event-applier.service';
import { KickPublicKeyService } from './kick-public-key.service';
import { KNOWN_EVENTS } from './kick-event-payloads';
import { ChatCommandsService } from './chat-commands.service';
import { LiveStateService } from './live-state.service';

/** Kick's replay window: a message older than this (or later than now, beyond clock skew) is refused. */
const MAX_AGE_MS = 5 * 60_000;
const FUTURE_SKEW_MS = 30_000;
const DELIVERIES_KEY = 'activity:deliveries';
const DELIVERIES_KEPT = 100;

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
 * POST /webhooks/kick: signature, freshness and duplicates first, then the message's effect and its dedupe row in one
 * transaction, so a redelivery (even ten at once) finds the row or waits on it and applies nothing. Unknown types and
 * versions are acknowledged and ignored; every delivery lands in a short Redis list the admin panel shows.
 */
@Injectable()
export class KickWebhookService {
  private readonly logger = new Logger(KickWebhookService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly keys: KickPublicKeyService,
    private readonly repository: ActivityRepository,
    private readonly applier: KickEventApplier,
    private readonly realtime: RealtimeEmitter,
    private readonly commands: ChatCommandsService,
    private readonly liveState: LiveStateService,
  ) {}

  async receive(headers: WebhookHeaders, rawBody: Buffer): Promise<WebhookAnswer> {
    const answer = await this.handle(headers, rawBody);
    await this.record(headers, answer.result);
    return answer;
  }

  async recentDeliveries(limit = 50): Promise<ActivityDelivery[]> {
    const rows = await this.redis.lrange(DELIVERIES_KEY, 0, limit - 1);
    return rows.map((row) => JSON.parse(row) as ActivityDelivery);
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
    if (known) {
      try {
        payload = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { status: 400, result: 'malformed' };
      }
    }
    const message = { id: messageId, type, version: version.slice(0, 16), sentAt, payload };
    let applied: Applied | null;
    try {
      applied = await this.em.fork().transactional(async (tx) => {
        if (!(await this.repository.claimMessage(tx, message, known ? 'applied' : 'ignored'))) return null;
        return known ? this.applier.apply(tx, message) : { outcome: 'ignored' };
      });
    } catch (err) {
      if ((err as { name?: string }).name === 'ZodError') {
        // A signed payload without the fields we read: acknowledged (Kick would only retry it), nothing applied.
        await this.em.fork().transactional((tx) => this.repository.claimMessage(tx, message, 'unreadable'));
        return { status: 200, result: 'unreadable' };
      }
      throw err;
    }
    if (!applied) return { status: 200, result: 'duplicate' };
    if (applied.live) {
      await this.liveState.changed(applied.live, sentAt);
      this.realtime.toRoom(SITE_ROOM, 'site:live', applied.live);
    }
    if (applied.command) await this.commands.answer(applied.command).catch((err) => this.logger.warn({ err }, 'chat command failed'));
    return { status: 200, result: applied.outcome };
  }

  private async record(headers: WebhookHeaders, result: string): Promise<void> {
    const entry: ActivityDelivery = {
      message_id: (headers.messageId ?? '').slice(0, 64),
      type: (headers.type ?? '').slice(0, 64),
      version: (headers.version ?? '').slice(0, 16),
      result,
      received_at: new Date().toISOString(),
    };
    await this.redis
      .multi()
      .lpush(DELIVERIES_KEY, JSON.stringify(entry))
      .ltrim(DELIVERIES_KEY, 0, DELIVERIES_KEPT - 1)
      .exec();
  }
}
