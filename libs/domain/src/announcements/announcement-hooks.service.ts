import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DISCORD_WEBHOOK_URL,
  type AnnouncementDelivery,
  type AnnouncementHook,
  type AnnouncementHookCreate,
  type AnnouncementHookUpdate,
  type AnnouncementSigningSecret,
} from '@kickback/contracts';
import { AppConfig, AuditLogService, notFound, unprocessable } from '@kickback/platform';
import { checkHost } from '../leaderboard/sources/public-address';
import { AnnouncementCipher } from './announcement-cipher';
import { AnnouncementFanOutService } from './announcement-fan-out.service';
import { AnnouncementsRepository, type HookRow } from './announcements.repository';
import { toDelivery } from './delivery-view';
import { newSigningSecret } from './webhook-signature';
import { testAnnouncement } from './test-announcement';

const DELIVERY_LOG_SIZE = 50;

/** What the admin sees of a URL: Discord's token and any query string (where tools put keys) are left out. */
function displayUrl(kind: HookRow['kind'], url: string): string {
  const discord = DISCORD_WEBHOOK_URL.exec(url);
  if (kind === 'discord' && discord) return `https://discord.com/api/webhooks/${discord[1]}/••••••`;
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}${parsed.search ? '?…' : ''}`.slice(0, 200);
}

/** Enough of a secret to tell it from another (its prefix and last 4 characters), too little to sign with. */
const secretHint = (secret: string) => `${secret.slice(0, secret.indexOf('_') + 1)}…${secret.slice(-4)}`;

/** The admin's Announcements section: Discord and generic webhooks, their delivery log, and "Send test". */
@Injectable()
export class AnnouncementHooksService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AnnouncementsRepository,
    private readonly cipher: AnnouncementCipher,
    private readonly fanOut: AnnouncementFanOutService,
    private readonly audit: AuditLogService,
    private readonly config: AppConfig,
  ) {}

  async list(): Promise<AnnouncementHook[]> {
    return (await this.repository.list(this.em.fork())).map((row) => this.view(row));
  }

  async create(actorId: number, input: AnnouncementHookCreate): Promise<AnnouncementHook> {
    if (input.kind === 'webhook') await this.checkWebhookUrl(input.url);
    const row = await this.audit.audited({ actorId, action: 'announcement.hook.create', entity: 'announcement_hook' }, async (tx) => {
      const created = await this.repository.insert(tx, {
        kind: input.kind,
        name: input.name,
        urlSealed: this.cipher.seal(input.url),
        urlDisplay: displayUrl(input.kind, input.url),
        secretSealed: input.kind === 'webhook' ? this.cipher.seal(newSigningSecret()) : null,
        events: input.events,
      });
      return { entityId: created.id, before: null, after: this.auditView(created), answer: created };
    });
    return this.view(row);
  }

  /** A field the body leaves out keeps its value. */
  async update(actorId: number, id: number, input: AnnouncementHookUpdate): Promise<AnnouncementHook> {
    const row = await this.audit.audited({ actorId, action: 'announcement.hook.update', entity: 'announcement_hook' }, async (tx) => {
      const before = await this.repository.get(tx, id, true);
      if (!before) throw notFound('Announcement hook not found.');
      const after = (await this.repository.update(tx, id, {
        name: input.name ?? before.name,
        events: input.events ?? before.events,
        enabled: input.enabled ?? before.enabled,
      }))!;
      return { entityId: id, before: this.auditView(before), after: this.auditView(after), answer: after };
    });
    return this.view(row);
  }

  async remove(actorId: number, id: number): Promise<void> {
    await this.audit.audited({ actorId, action: 'announcement.hook.delete', entity: 'announcement_hook' }, async (tx) => {
      const removed = await this.repository.remove(tx, id);
      if (!removed) throw notFound('Announcement hook not found.');
      return { entityId: id, before: this.auditView(removed), after: null };
    });
  }

  /** Queues a test announcement to this hook alone (enabled or not); the worker sends it like any other. */
  async sendTest(actorId: number, id: number): Promise<AnnouncementDelivery> {
    const em = this.em.fork();
    const deliveryId = await em.transactional(async (tx) => {
      const hook = await this.repository.get(tx, id);
      if (!hook) throw notFound('Announcement hook not found.');
      const [queued] = await this.fanOut.fanOut(
        tx,
        `test:${randomUUID()}`,
        testAnnouncement(this.config.appOrigin, hook.name, hook.events),
        hook.id,
      );
      await this.audit.record(tx, { actorId, action: 'announcement.hook.test', entity: 'announcement_hook', entityId: id });
      return queued!;
    });
    return toDelivery((await this.repository.delivery(em, deliveryId))!);
  }

  /** The signing secret itself, only on this explicit request, which the audit log records (who, which hook). */
  async revealSecret(actorId: number, id: number): Promise<AnnouncementSigningSecret> {
    return this.em.fork().transactional(async (tx) => {
      const row = await this.repository.get(tx, id);
      if (!row) throw notFound('Announcement hook not found.');
      if (!row.secret_sealed) throw notFound('This hook has no signing secret: only generic webhooks are signed.');
      await this.audit.record(tx, {
        actorId,
        action: 'announcement.secret.reveal',
        entity: 'announcement_hook',
        entityId: id,
        after: { name: row.name },
      });
      return { signing_secret: this.cipher.open(row.secret_sealed) };
    });
  }

  async deliveries(id: number): Promise<AnnouncementDelivery[]> {
    const em = this.em.fork();
    if (!(await this.repository.get(em, id))) throw notFound('Announcement hook not found.');
    return (await this.repository.deliveries(em, id, DELIVERY_LOG_SIZE)).map(toDelivery);
  }

  /** A generic webhook must be https to a public host (checked again, resolved and pinned, at every delivery). */
  private async checkWebhookUrl(url: string): Promise<void> {
    if (this.config.env.WEBHOOKS_ALLOW_PRIVATE_HOSTS) return;
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') throw unprocessable('The URL is not accepted.', { url: ['Webhooks are sent over https:// only.'] });
    const check = await checkHost(parsed.hostname);
    if ('refused' in check) throw unprocessable('The URL is not accepted.', { url: [`${check.refused}.`] });
  }

  private view(row: HookRow): AnnouncementHook {
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      url_display: row.url_display,
      events: row.events,
      enabled: row.enabled,
      signing_secret_hint: row.secret_sealed ? secretHint(this.cipher.open(row.secret_sealed)) : null,
      created_at: new Date(row.created_at).toISOString(),
    };
  }

  /** The audit log never holds the URL (Discord's carries its token) or the secret. */
  private auditView(row: HookRow) {
    return { kind: row.kind, name: row.name, url: row.url_display, events: row.events, enabled: row.enabled };
  }
}
