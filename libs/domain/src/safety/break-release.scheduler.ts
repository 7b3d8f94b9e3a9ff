import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES, SAFETY_MESSAGES, userRoom, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';
import { MemberBreaksService } from './member-breaks.service';

/** The sweep's pace: a break whose job was lost ends at most this late. */
export const BREAK_SWEEP_EVERY_MS = 10 * 60_000;

export type BreakJob = { name: 'end'; breakId: number } | { name: 'sweep' };

/**
 * Worker side of a break: its start closes the member's live rooms and becomes a delayed job at its end time (the job
 * id carries the break, so a replayed event adds nothing), the job ends it, and its end is told to the member. A repeatable sweep ends any a lost job left.
 */
@Injectable()
export class BreakReleaseScheduler implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly handlers: DomainEventHandlers,
    @InjectQueue(QUEUES.memberBreaks) private readonly queue: Queue<BreakJob>,
    private readonly breaks: MemberBreaksService,
    private readonly realtime: RealtimeEmitter,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'safety.schedule-break-end',
      type: 'safety.break-started',
      afterCommit: (event: DomainEvent<'safety.break-started'>) => this.schedule(event.payload.breakId, event.payload.endsAt),
    });
    // A socket's rooms are checked when it joins them, so a break also closes the member's open sockets on every api
    // replica: each tab reconnects as a member on a break, and the hunt, tournament, board and race rooms refuse it.
    this.handlers.register({
      consumer: 'safety.close-gambling-rooms',
      type: 'safety.break-started',
      afterCommit: async (event: DomainEvent<'safety.break-started'>) => this.realtime.disconnectRoom(userRoom(event.payload.userId)),
    });
    this.handlers.register({
      consumer: 'safety.tell-break-ended',
      type: 'safety.break-ended',
      afterCommit: async (event: DomainEvent<'safety.break-ended'>) => {
        this.realtime.toRoom(userRoom(event.payload.userId), 'user:notification', { type: 'info', message: SAFETY_MESSAGES.breakEnded });
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler('member-breaks-sweep', { every: BREAK_SWEEP_EVERY_MS }, { name: 'sweep', data: { name: 'sweep' } });
  }

  async schedule(breakId: number, endsAt: string | null): Promise<void> {
    if (endsAt === null) return;
    await this.queue.add(
      'end',
      { name: 'end', breakId },
      { jobId: `break-end-${breakId}`, delay: Math.max(0, Date.parse(endsAt) - Date.now()) },
    );
  }

  /** The job: ends the break when due by this process's clock; one that fired early is left to the sweep. */
  async run(job: BreakJob): Promise<{ ended: number }> {
    const now = new Date();
    if (job.name === 'sweep') {
      let ended = 0;
      for (const id of await this.breaks.dueBreaks(now)) if (await this.breaks.endIfDue(id, now)) ended++;
      return { ended };
    }
    return { ended: (await this.breaks.endIfDue(job.breakId, now)) ? 1 : 0 };
  }
}
