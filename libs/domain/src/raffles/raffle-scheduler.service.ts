import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { DRAW_MARGIN_MS, RAFFLE_SWEEP_EVERY_MS } from './raffle-jobs';
import { RafflesDrawsRepository } from './raffles-draws.repository';

/**
 * Worker side of the schedule: a 'raffle.scheduled' event becomes a delayed 'start' job (to
 * push the status change) and a delayed 'draw' job at the end time. Job ids carry the time, so
 * a replayed event adds nothing and a moved end time adds a new job (the old one finds the
 * raffle not yet due and does nothing). After each draw, reroll or pass, a delayed 'claims' job waits for the next
 * claim window to close. A repeatable sweep draws and passes on anything a lost job missed.
 */
@Injectable()
export class RaffleScheduler implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly handlers: DomainEventHandlers,
    @InjectQueue(QUEUES.raffleDraws) private readonly queue: Queue,
    private readonly em: EntityManager,
    private readonly draws: RafflesDrawsRepository,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'raffles.schedule-jobs',
      type: 'raffle.scheduled',
      afterCommit: (event: DomainEvent<'raffle.scheduled'>) =>
        this.schedule(event.payload.raffleId, event.payload.startsAt, event.payload.endsAt),
    });
    this.handlers.register({
      consumer: 'raffles.schedule-claims',
      type: 'raffle.drawn',
      afterCommit: (event: DomainEvent<'raffle.drawn'>) => this.scheduleClaims(event.payload.raffleId),
    });
  }

  /** A job at the next moment one of the raffle's open claims closes (none without a claim window). */
  async scheduleClaims(raffleId: number): Promise<void> {
    const at = await this.draws.nextClaimDeadline(this.em.fork(), raffleId);
    if (!at) return;
    const closes = at.getTime();
    await this.queue.add(
      'claims',
      { name: 'claims', raffleId },
      { jobId: `raffle-claims-${raffleId}-${closes}`, delay: Math.max(0, closes - Date.now() + DRAW_MARGIN_MS) },
    );
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
