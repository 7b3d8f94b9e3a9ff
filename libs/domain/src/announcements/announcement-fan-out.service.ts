import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Announcement } from '@kickback/contracts';
import { OutboxService } from '@kickback/platform';
import { AnnouncementsRepository } from './announcements.repository';

/**
 * Writes an announcement's deliveries (one per hook that wants it) and the event that has the worker send them, in the
 * caller's transaction. The source key names what is announced (`raffle.winners:12`), so the same thing announced
 * twice writes nothing the second time.
 */
@Injectable()
export class AnnouncementFanOutService {
  constructor(
    private readonly repository: AnnouncementsRepository,
    private readonly outbox: OutboxService,
  ) {}

  async fanOut(tx: EntityManager, sourceKey: string, announcement: Announcement | null, onlyHookId?: number): Promise<number[]> {
    if (!announcement) return [];
    const deliveryIds = await this.repository.fanOut(tx, sourceKey, announcement, onlyHookId);
    if (deliveryIds.length) await this.outbox.add(tx, 'announcement.queued', { deliveryIds });
    return deliveryIds;
  }
}
