import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LIVE_ROOM, NEXT_UP_SHOWN, SLOT_REQUESTS_ROOM, type SlotRequestsPush } from '@kickback/contracts';
import { PushCoalescer, RealtimeEmitter } from '@kickback/platform';
import { SlotRequestsRepository } from './slot-requests.repository';

/**
 * 'slot-requests:changed' to the queue's room (page, "next up" overlay) and the live room (Go live), through the shared
 * PushCoalescer (ARCHITECTURE §3): a burst of requests becomes at most one push per window, the first at once. The flush
 * reads the queue's head after the window's changes committed, so a push is the same size at any request rate and never
 * older than the changes it follows; a change of the rules goes out the same way. Never fails the caller: its change is committed.
 */
@Injectable()
export class SlotRequestsLivePublisher {
  private readonly logger = new Logger(SlotRequestsLivePublisher.name);

  constructor(
    private readonly em: EntityManager,
    private readonly requests: SlotRequestsRepository,
    private readonly pushes: PushCoalescer,
    private readonly realtime: RealtimeEmitter,
  ) {}

  async changed(): Promise<void> {
    try {
      await this.pushes.request('slot-requests', () => this.flush());
    } catch (err) {
      this.logger.warn({ err }, 'slot request queue push lost');
    }
  }

  /** The queue's head and size, as the overlay starts from and every push carries. */
  async head(): Promise<Pick<SlotRequestsPush, 'next' | 'total'>> {
    const em = this.em.fork();
    const [next, total] = await Promise.all([this.requests.queue(em, NEXT_UP_SHOWN), this.requests.queuedCount(em)]);
    return { next, total };
  }

  private async flush(): Promise<void> {
    const [head, rules] = await Promise.all([this.head(), this.requests.settings(this.em.fork())]);
    const push: SlotRequestsPush = { ...head, open: rules.open, price: rules.price, at: new Date().toISOString() };
    this.realtime.toRoom([SLOT_REQUESTS_ROOM, LIVE_ROOM], 'slot-requests:changed', push);
  }
}
