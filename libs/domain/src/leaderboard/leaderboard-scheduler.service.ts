import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import { QUEUES, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';
import { findPlatform, listPlatforms } from './leaderboard-platforms.repository';

export interface LeaderboardRefreshJob {
  platformId: number;
  /**
   * Set on the refresh a sync adds after an admin's change: it must run after that change, so finding another refresh
   * of the platform under way (which may have read the platform before it) makes it retry instead of giving up.
   */
  afterChange?: boolean;
}

/** How a refresh after a change waits out one under way: retries over about four minutes, within the refresh lock's five. */
const AFTER_CHANGE_RETRIES = { attempts: 9, backoff: { type: 'exponential', delay: 1_000 } } as const;

export const schedulerId = (platformId: number) => `leaderboard-platform:${platformId}`;

/**
 * Worker side: one BullMQ job scheduler per active platform, repeating every
 * refresh_interval_seconds. Synced at boot and whenever an admin changes a platform.
 */
@Injectable()
export class LeaderboardSchedulerService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(LeaderboardSchedulerService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.leaderboardRefresh) private readonly queue: Queue<LeaderboardRefreshJob>,
    private readonly handlers: DomainEventHandlers,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'leaderboard.sync-schedule',
      type: 'leaderboard.platforms-changed',
      afterCommit: async (event: DomainEvent<'leaderboard.platforms-changed'>) => this.sync(event.payload.platformId),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.syncAll().catch((err: Error) => this.logger.error({ err: err.message }, 'leaderboard schedules not synced'));
  }

  async syncAll(): Promise<void> {
    const platforms = await listPlatforms(this.em.fork(), false);
    const known = new Set(platforms.map((p) => schedulerId(p.id)));
    for (const scheduler of await this.queue.getJobSchedulers()) {
      if (scheduler.key && !known.has(scheduler.key)) await this.queue.removeJobScheduler(scheduler.key);
    }
    for (const p of platforms) await this.sync(p.id);
  }

  /** Active → scheduled at its interval and refreshed once now; inactive or gone → unscheduled. */
  async sync(platformId: number): Promise<void> {
    const platform = await findPlatform(this.em.fork(), platformId);
    if (!platform || !platform.isActive) {
      await this.queue.removeJobScheduler(schedulerId(platformId));
      return;
    }
    await this.queue.upsertJobScheduler(
      schedulerId(platformId),
      { every: platform.refreshIntervalSeconds * 1000 },
      { name: 'refresh', data: { platformId }, opts: { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } } },
    );
    await this.queue.add(
      'refresh',
      { platformId, afterChange: true },
      { ...AFTER_CHANGE_RETRIES, removeOnComplete: true, removeOnFail: { count: 50 } },
    );
  }
}
