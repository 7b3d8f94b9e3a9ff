import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AnnouncementBuilderService } from './announcement-builder.service';
import { AnnouncementFanOutService } from './announcement-fan-out.service';

/** A start older than this is not news: a hook added later, or a job run very late, announces nothing. */
const STALE_AFTER_MS = 15 * 60_000;

/** The delayed job at a raffle's start: announced once per start time, and only if the raffle did start then. */
@Injectable()
export class AnnouncementRaffleStartService {
  constructor(
    private readonly em: EntityManager,
    private readonly builder: AnnouncementBuilderService,
    private readonly fanOut: AnnouncementFanOutService,
  ) {}

  async started(raffleId: number, startsAt: string): Promise<number> {
    if (Date.now() - Date.parse(startsAt) > STALE_AFTER_MS) return 0;
    const announcement = await this.builder.raffleStarted(raffleId);
    // Moved since this job was scheduled: the job of the new start time announces it.
    if (!announcement || Date.parse(announcement.occurred_at) !== Date.parse(startsAt)) return 0;
    const ids = await this.em
      .fork()
      .transactional((tx) => this.fanOut.fanOut(tx, `raffle.started:${raffleId}:${Date.parse(startsAt)}`, announcement));
    return ids.length;
  }
}
