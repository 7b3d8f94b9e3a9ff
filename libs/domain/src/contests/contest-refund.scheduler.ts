import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { CONTEST_AUTO_REFUND_HOURS, QUEUES, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';

/** A little after the due time, so the database clock agrees the contest is due. */
const REFUND_MARGIN_MS = 5_000;

export interface ContestRefundJob {
  contestId: number;
}

/**
 * Worker side of the 24 h auto-refund: a contest that opened with a timer, or was closed by hand, gets a delayed job
 * at its close plus 24 hours. The job id carries that time, so a replayed event adds nothing; the job refunds only a
 * contest still unsettled and due (ContestsService.refundIfOverdue), so a resolve in between leaves it nothing to do.
 */
@Injectable()
export class ContestRefundScheduler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    @InjectQueue(QUEUES.contestRefunds) private readonly queue: Queue<ContestRefundJob>,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'contests.schedule-refund',
      type: 'contest.updated',
      afterCommit: (event: DomainEvent<'contest.updated'>) => this.schedule(event.payload),
    });
  }

  async schedule(change: DomainEvent<'contest.updated'>['payload']): Promise<void> {
    if ((change.change !== 'opened' && change.change !== 'closed') || !change.closesAt) return;
    const due = Date.parse(change.closesAt) + CONTEST_AUTO_REFUND_HOURS * 3_600_000;
    await this.queue.add(
      'refund',
      { contestId: change.contestId },
      { jobId: `contest-refund-${change.contestId}-${due}`, delay: Math.max(0, due - Date.now() + REFUND_MARGIN_MS) },
    );
  }
}
