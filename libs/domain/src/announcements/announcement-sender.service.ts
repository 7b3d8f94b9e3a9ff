import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { ADMIN_ROOM, DISCORD_WEBHOOK_URL, type Announcement } from '@kickback/contracts';
import { AppConfig, InjectRedis, RealtimeEmitter } from '@kickback/platform';
import { SiteSettingsService } from '../site/site-settings.service';
import { AnnouncementCipher } from './announcement-cipher';
import { toDelivery } from './delivery-view';
import { AnnouncementsRepository, type DeliveryRow, type HookRow } from './announcements.repository';
import { DiscordRateLimits } from './discord-rate-limits';
import { discordMessage } from './discord-embed';
import { OutboundAnswerTooLarge, OutboundRefused, OutboundUnreachable, postJson, type OutboundAnswer } from './outbound-post';
import { WEBHOOK_HEADERS, webhookSignature } from './webhook-signature';

/** What the queue does next with a delivery job. */
export type SendResult = { done: true } | { waitMs: number } | { retry: string };

/**
 * Sends one delivery: a Discord embed to the channel's webhook, or the signed JSON body to a generic webhook. A 2xx
 * delivers; a refused URL or another 4xx fails at once (retrying cannot help); no answer, a 5xx or (generic hooks) a 429
 * is retried with backoff by the queue, and the last attempt fails. Discord's rate limits make the job wait instead.
 */
@Injectable()
export class AnnouncementSenderService {
  private readonly logger = new Logger(AnnouncementSenderService.name);
  private readonly discordLimits: DiscordRateLimits;

  constructor(
    private readonly em: EntityManager,
    private readonly repository: AnnouncementsRepository,
    private readonly cipher: AnnouncementCipher,
    private readonly site: SiteSettingsService,
    private readonly config: AppConfig,
    private readonly realtime: RealtimeEmitter,
    @InjectRedis() redis: Redis,
  ) {
    this.discordLimits = new DiscordRateLimits(redis);
  }

  /** `lastAttempt`: the queue will not run this job again, so a retryable failure is final. */
  async send(deliveryId: number, lastAttempt: boolean): Promise<SendResult> {
    const em = this.em.fork();
    const delivery = await this.repository.delivery(em, deliveryId);
    if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return { done: true };
    const hook = await this.repository.get(em, delivery.hook_id);
    if (!hook) return { done: true };
    if (hook.kind === 'discord') {
      const wait = await this.discordLimits.waitMs(hook.id);
      if (wait > 0) return { waitMs: wait };
    }
    let answer: OutboundAnswer;
    try {
      answer = await this.post(hook, delivery);
    } catch (err) {
      const message = (err as Error).message;
      if (err instanceof OutboundRefused) return this.finish(em, deliveryId, { status: 'failed', httpStatus: null, error: message });
      if (err instanceof OutboundAnswerTooLarge)
        return this.finish(em, deliveryId, { status: 'failed', httpStatus: err.status, error: message });
      if (!(err instanceof OutboundUnreachable)) throw err;
      return this.retryOrFail(em, deliveryId, lastAttempt, null, message);
    }
    if (hook.kind === 'discord') {
      const retryAfter = await this.discordLimits.observe(hook.id, answer.status, answer.headers, answer.text);
      // Discord's 429 is its schedule, not a failure: the same attempt runs again after retry_after.
      if (answer.status === 429) return { waitMs: retryAfter };
    }
    if (answer.status >= 200 && answer.status < 300)
      return this.finish(em, deliveryId, { status: 'delivered', httpStatus: answer.status, error: null });
    const error = `HTTP ${answer.status}${answer.text ? `: ${answer.text.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`;
    if (answer.status === 429 || answer.status === 408 || answer.status >= 500)
      return this.retryOrFail(em, deliveryId, lastAttempt, answer.status, error);
    return this.finish(em, deliveryId, { status: 'failed', httpStatus: answer.status, error });
  }

  private async post(hook: HookRow, delivery: DeliveryRow): Promise<OutboundAnswer> {
    const allowPrivate = this.config.env.WEBHOOKS_ALLOW_PRIVATE_HOSTS;
    const maxBytes = this.config.env.OUTBOUND_ANSWER_MAX_BYTES;
    const announcement = delivery.payload;
    if (hook.kind === 'discord') {
      const [, id, token] = DISCORD_WEBHOOK_URL.exec(this.cipher.open(hook.url_sealed)) ?? [];
      if (!id || !token) throw new OutboundRefused('The stored Discord webhook URL is not one.');
      const url = new URL(`${this.config.env.DISCORD_API_URL.replace(/\/$/, '')}/webhooks/${id}/${token}`);
      const siteName = (await this.site.getPublic()).site_name;
      return postJson(url, JSON.stringify(discordMessage(announcement, siteName)), {}, allowPrivate, maxBytes);
    }
    const body = JSON.stringify(webhookBody(delivery.id, announcement));
    const timestamp = Math.floor(Date.now() / 1000);
    return postJson(
      new URL(this.cipher.open(hook.url_sealed)),
      body,
      {
        [WEBHOOK_HEADERS.signature]: webhookSignature(this.cipher.open(hook.secret_sealed!), timestamp, body),
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.event]: announcement.event,
        [WEBHOOK_HEADERS.delivery]: String(delivery.id),
      },
      allowPrivate,
      maxBytes,
    );
  }

  private async retryOrFail(
    em: EntityManager,
    id: number,
    lastAttempt: boolean,
    httpStatus: number | null,
    error: string,
  ): Promise<SendResult> {
    await this.repository.recordAttempt(em, id, { status: lastAttempt ? 'failed' : 'retrying', httpStatus, error });
    await this.pushLog(em, id);
    if (lastAttempt) this.logger.warn({ deliveryId: id, error }, 'announcement delivery failed after its last attempt');
    return lastAttempt ? { done: true } : { retry: error };
  }

  private async finish(
    em: EntityManager,
    id: number,
    outcome: Parameters<AnnouncementsRepository['recordAttempt']>[2],
  ): Promise<SendResult> {
    await this.repository.recordAttempt(em, id, outcome);
    await this.pushLog(em, id);
    return { done: true };
  }

  /** The admins' open delivery logs take the attempt in place. */
  private async pushLog(em: EntityManager, id: number): Promise<void> {
    const row = await this.repository.delivery(em, id);
    if (row) this.realtime.toRoom(ADMIN_ROOM, 'announcement:delivery', { hook_id: row.hook_id, delivery: toDelivery(row) });
  }
}

/** A generic webhook's body: the delivery id (the same on every retry, for receivers to de-duplicate) and the announcement. */
export function webhookBody(deliveryId: string | number, a: Announcement) {
  return {
    id: String(deliveryId),
    event: a.event,
    occurred_at: a.occurred_at,
    title: a.title,
    description: a.description,
    url: a.url,
    data: a.data,
  };
}
