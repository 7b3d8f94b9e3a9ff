import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { POLLS_ROOM, type PollCountsPush, type PollView } from '@kickback/contracts';
import { PushCoalescer, RealtimeEmitter } from '@kickback/platform';
import { votesByOption } from './poll-views';
import { PollsRepository } from './polls.repository';

/**
 * Live poll pushes to room 'polls' (ARCHITECTURE "Realtime"). Votes go through the shared PushCoalescer: a vote only
 * asks for a push, and one flush per 200 ms window (leading edge) reads the counts then. Counts go down as well as up
 * (a vote may change), so the coalescer's only-growing marks do not fit; the flush's read comes after the coalescer
 * closed its window, so every vote committed before it asked is counted, and the push carries the read's time so a
 * client keeps the newest read. Ten options at most: the push is the same size at any vote rate. Status changes go
 * whole, at once. Never fails the caller: its change is committed.
 */
@Injectable()
export class PollLivePublisher {
  private readonly logger = new Logger(PollLivePublisher.name);

  constructor(
    private readonly em: EntityManager,
    private readonly repository: PollsRepository,
    private readonly pushes: PushCoalescer,
    private readonly realtime: RealtimeEmitter,
  ) {}

  async voted(pollId: number, optionCount: number): Promise<void> {
    try {
      await this.pushes.request(`poll:${pollId}`, () => this.flush(pollId, optionCount));
    } catch (err) {
      this.logger.warn({ err, pollId }, 'poll counts push lost');
    }
  }

  statusChanged(poll: PollView): void {
    try {
      this.realtime.toRoom(POLLS_ROOM, 'poll:status', { poll });
    } catch (err) {
      this.logger.warn({ err, pollId: poll.id }, 'poll status push lost');
    }
  }

  private async flush(pollId: number, optionCount: number): Promise<void> {
    const counts = await this.repository.counts(this.em.fork(), pollId);
    const push: PollCountsPush = {
      poll_id: pollId,
      votes: votesByOption(optionCount, counts),
      counted_at: new Date(counts.counted_at).toISOString(),
    };
    this.realtime.toRoom(POLLS_ROOM, 'poll:counts', push);
  }
}
