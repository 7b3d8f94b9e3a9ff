import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import { QUEUES, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';
import { findPlatform } from '../leaderboard-platforms.repository';
import { FINISH_MARGIN_MS, RACE_SWEEP_EVERY_MS, raceSchedulerId, type RaceJob } from './race-jobs';
import { findRace, openRaces } from './races.repository';

const KEEP = { removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } };
/** A start or end job that meets a run under way retries (about four minutes, within the run lock's five). */
const RETRIES = { attempts: 9, backoff: { type: 'exponential', delay: 1_000 } } as const;

/**
 * Worker side: each race that is not over has a job scheduler at its platform's refresh interval, a delayed 'start'
 * job at its start and a delayed 'finish' job just after its end. Job ids carry the time, so a replayed event adds
 * nothing and a moved start or end adds a new job (the old one finds nothing to do). Synced at boot, when an admin
 * changes a race or its platform, and when a race finishes; a sweep every minute catches up lost jobs.
 */
@Injectable()
export class RaceSchedulerService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(RaceSchedulerService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.races) private readonly queue: Queue<RaceJob>,
    private readonly handlers: DomainEventHandlers,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'races.sync-schedule',
      type: 'race.changed',
      afterCommit: (event: DomainEvent<'race.changed'>) => this.sync(event.payload.raceId),
    });
    this.handlers.register({
      consumer: 'races.unschedule-finished',
      type: 'race.finished',
      afterCommit: (event: DomainEvent<'race.finished'>) => this.sync(event.payload.raceId),
    });
    // A platform's new interval reschedules its races; a deleted platform took its races along, whose schedulers go.
    this.handlers.register({
      consumer: 'races.sync-platform',
      type: 'leaderboard.platforms-changed',
      afterCommit: () => this.syncAll(),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.queue.upsertJobScheduler('race-sweep', { every: RACE_SWEEP_EVERY_MS }, { name: 'sweep', data: { name: 'sweep' } });
      await this.syncAll();
    } catch (err) {
      this.logger.error({ err: (err as Error).message }, 'race schedules not synced');
    }
  }

  /** Drops the schedulers of races that are over or gone, and (re)schedules every open one. */
  async syncAll(): Promise<void> {
    const open = await openRaces(this.em.fork());
    const known = new Set(open.map((r) => raceSchedulerId(r.id)));
    for (const scheduler of await this.queue.getJobSchedulers()) {
      if (scheduler.key?.startsWith('race:') && !known.has(scheduler.key)) await this.queue.removeJobScheduler(scheduler.key);
    }
    for (const race of open) await this.sync(race.id);
  }

  async sync(raceId: number, now = Date.now()): Promise<void> {
    const race = await findRace(this.em.fork(), raceId);
    const platform = race ? await findPlatform(this.em.fork(), race.platformId) : null;
    if (!race || !platform || race.status === 'finished' || race.status === 'cancelled') {
      await this.queue.removeJobScheduler(raceSchedulerId(raceId));
      return;
    }
    await this.queue.upsertJobScheduler(
      raceSchedulerId(raceId),
      { every: platform.refreshIntervalSeconds * 1000 },
      { name: 'run', data: { name: 'run', raceId }, opts: { attempts: 1, ...KEEP } },
    );
    const start = race.start.getTime();
    const end = race.end.getTime();
    await this.queue.add(
      'start',
      { name: 'start', raceId },
      { jobId: `race-start-${raceId}-${start}`, delay: Math.max(0, start - now), ...RETRIES, ...KEEP },
    );
    // A race already running is ranked again at once, so an admin's change (a new minimum, a longer window) shows now.
    if (now >= start) await this.queue.add('run', { name: 'run', raceId }, { attempts: 1, ...KEEP });
    await this.queue.add(
      'finish',
      { name: 'finish', raceId },
      { jobId: `race-finish-${raceId}-${end}`, delay: Math.max(0, end - now + FINISH_MARGIN_MS), ...RETRIES, ...KEEP },
    );
  }
}
