import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';
import { DRAW_MARGIN_MS, RAFFLE_SWEEP_EVERY_MS } from './raffle-jobs';

/**
 * Worker side of the schedule: a 'raffle.scheduled' event becomes a delayed 'start' job (to
 * push the status change) and a delayed 'draw' job at the end time. Job ids carry the time, so
 * a replayed event adds nothing and a moved end time adds a new job (the old one finds the
 * raffle not yet due and does nothing). A repeatable sweep draws anything a lost job missed.
 */
@Injectable()
export class RaffleScheduler implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly handlers: DomainEventHandlers,
    @InjectQueue(QUEUES.raffleDraws) private readonly queue: Queue,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'raffles.schedule-jobs',
      type: 'raffle.scheduled',
      afterCommit: (event: DomainEvent<'raffle.scheduled'>) =>
        this.schedule(event.payload.raffleId, event.payload.startsAt, event.payload.endsAt),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler('raffle-draw-sweep', { every: RAFFLE_SWEEP_EVERY_MS }, { name: 'sweep', data: { name: 'sweep' } });
  }

  async schedule(raffleId: number, startsAt: string, endsAt: string): Promise<void> {
    const now = Date.now();
    const start = Date.parse(startsAt);
    const end = Date.parse(endsAt);
    if (start > now)
      await this.queue.add('start', { name: 'start', raffleId }, { jobId: `raffle-start-${raffleId}-${start}`, delay: start - now });
    // A little after the end, so the database clock agrees the raffle is due; the processor retries if not.
    await this.queue.add(
      'draw',
      { name: 'draw', raffleId },
      { jobId: `raffle-draw-${raffleId}-${end}`, delay: Math.max(0, end - now + DRAW_MARGIN_MS) },
    );
  }
}
