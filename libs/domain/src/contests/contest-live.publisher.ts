import { Injectable, Logger } from '@nestjs/common';
import { CONTESTS_ROOM, type ContestPoolsPush, type ContestView } from '@kickback/contracts';
import { PushCoalescer, RealtimeEmitter, type PushMarks } from '@kickback/platform';
import type { PoolRow } from './contests.repository';

const poolMark = (option: number) => `pool:${option}`;
const membersMark = (option: number) => `members:${option}`;

/**
 * Live contest pushes to room 'contests' (ARCHITECTURE "Realtime"). Stakes go through the shared PushCoalescer: each
 * stake raises the marks of its contest's per-option pools and member counts as its statement saw them (they only
 * grow while stakes are taken), and one flush per window pushes those highs, so a flush reads nothing and a push never
 * shows less than the one before. A contest has at most ten options, so a push is the same size at any stake rate.
 * Status changes (open, close, settle) are pushed whole, at once. Never fails the caller: its change is committed.
 */
@Injectable()
export class ContestLivePublisher {
  private readonly logger = new Logger(ContestLivePublisher.name);

  constructor(
    private readonly pushes: PushCoalescer,
    private readonly realtime: RealtimeEmitter,
  ) {}

  async staked(contestId: number, optionCount: number, pools: PoolRow[]): Promise<void> {
    const marks: PushMarks = {};
    for (const p of pools) {
      marks[poolMark(p.option)] = Number(p.pool);
      marks[membersMark(p.option)] = Number(p.members);
    }
    try {
      await this.pushes.request(`contest:${contestId}`, (_items, highs) => this.flush(contestId, optionCount, highs), [], marks);
    } catch (err) {
      this.logger.warn({ err, contestId }, 'contest pools push lost');
    }
  }

  statusChanged(contest: ContestView): void {
    try {
      this.realtime.toRoom(CONTESTS_ROOM, 'contest:status', { contest });
    } catch (err) {
      this.logger.warn({ err, contestId: contest.id }, 'contest status push lost');
    }
  }

  private flush(contestId: number, optionCount: number, highs: PushMarks): Promise<void> {
    const push: ContestPoolsPush = {
      contest_id: contestId,
      options: Array.from({ length: optionCount }, (_, index) => ({
        index,
        pool: highs[poolMark(index)] ?? 0,
        members: highs[membersMark(index)] ?? 0,
      })),
    };
    this.realtime.toRoom(CONTESTS_ROOM, 'contest:pools', push);
    return Promise.resolve();
  }
}
