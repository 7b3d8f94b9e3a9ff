import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { EntityManager } from '@mikro-orm/postgresql';
import { QUEUES, type Announcement, type DomainEvent, type DomainEventType } from '@kickback/contracts';
import { AppConfig, DomainEventHandlers } from '@kickback/platform';
import { AnnouncementBuilderService } from './announcement-builder.service';
import { AnnouncementFanOutService } from './announcement-fan-out.service';
import { DELIVERY_ATTEMPTS, type AnnouncementJob } from './announcement-jobs';

/** After the start time, so the database's clock agrees the raffle has started. */
const START_MARGIN_MS = 1_000;
const KEEP = { removeOnComplete: { count: 200 }, removeOnFail: { count: 500 } };

/**
 * The worker's reactions: each announced domain event becomes deliveries (written exactly once with the event's
 * processed row), queued deliveries become jobs, and a scheduled raffle gets a delayed job at its start time.
 */
@Injectable()
export class AnnouncementEventsHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly builder: AnnouncementBuilderService,
    private readonly fanOut: AnnouncementFanOutService,
    private readonly config: AppConfig,
    @InjectQueue(QUEUES.announcements) private readonly queue: Queue<AnnouncementJob>,
  ) {}

  onModuleInit(): void {
    this.announce('raffle.drawn', (p) =>
      p.reroll ? null : { key: `raffle.winners:${p.raffleId}`, build: () => this.builder.raffleWinners(p.raffleId) },
    );
    this.announce('hunt.completed', (p) => ({ key: `hunt.finished:${p.huntId}`, build: () => this.builder.huntFinished(p.huntId) }));
    this.announce('tournament.completed', (p) => ({
      key: `tournament.winner:${p.tournamentId}`,
      build: () => this.builder.tournamentWinner(p.tournamentId),
    }));
    this.announce('race.finished', (p) => ({ key: `race.winners:${p.raceId}`, build: () => this.builder.raceWinners(p.raceId) }));
    this.announce('activity.stream-started', (p) => ({
      key: `stream.live:${p.streamId}`,
      build: () => this.builder.streamLive(p.startedAt),
    }));
    this.handlers.register({
      consumer: 'announcements.schedule-raffle-start',
      type: 'raffle.scheduled',
      afterCommit: async ({ payload }: DomainEvent<'raffle.scheduled'>) => {
        const delay = Math.max(0, Date.parse(payload.startsAt) - Date.now() + START_MARGIN_MS);
        await this.queue.add(
          'raffle-started',
          { name: 'raffle-started', raffleId: payload.raffleId, startsAt: payload.startsAt },
          {
            jobId: `raffle-started-${payload.raffleId}-${Date.parse(payload.startsAt)}`,
            delay,
            attempts: 3,
            backoff: { type: 'exponential', delay: 1000 },
            ...KEEP,
          },
        );
      },
    });
    this.handlers.register({
      consumer: 'announcements.queue-deliveries',
      type: 'announcement.queued',
      afterCommit: async ({ payload }: DomainEvent<'announcement.queued'>) => {
        await this.queue.addBulk(
          payload.deliveryIds.map((deliveryId) => ({
            name: 'deliver',
            data: { name: 'deliver' as const, deliveryId },
            opts: {
              jobId: `announcement-delivery-${deliveryId}`,
              attempts: DELIVERY_ATTEMPTS,
              backoff: { type: 'exponential', delay: this.config.env.ANNOUNCEMENT_RETRY_BASE_MS },
              ...KEEP,
            },
          })),
        );
      },
    });
  }

  private announce<T extends DomainEventType>(
    type: T,
    what: (payload: DomainEvent<T>['payload']) => { key: string; build: () => Promise<Announcement | null> } | null,
  ): void {
    this.handlers.register({
      consumer: `announcements.${type}`,
      type,
      handle: async (event: DomainEvent<T>, tx: EntityManager) => {
        const target = what(event.payload);
        if (target) await this.fanOut.fanOut(tx, target.key, await target.build());
      },
    });
  }
}
