import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_ROOM, PAYOUTS_ROOM, payoutNotification, userRoom, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, PushCoalescer, RealtimeEmitter } from '@kickback/platform';
import { PayoutsRepository } from './payouts.repository';
import { PayoutsService } from './payouts.service';
import { toMyPrize } from './payout-views';

/**
 * After a payout is opened or moved: the member's My prizes page gets the row as it now stands (read after commit,
 * so a repeated delivery repeats the same push) and a site notification, open admin queues read their page again,
 * open public Payouts pages hear of a paid one, and the total given away is summed afresh. A prize paid at once (points, a store delivery) is announced by its own
 * feature, so it raises no second notice.
 */
@Injectable()
export class PayoutEventsHandler implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly repository: PayoutsRepository,
    private readonly payouts: PayoutsService,
    private readonly pushes: PushCoalescer,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'payouts.push',
      type: 'payout.changed',
      afterCommit: (event: DomainEvent<'payout.changed'>) => this.push(event.payload),
    });
  }

  private async push(p: DomainEvent<'payout.changed'>['payload']): Promise<void> {
    await this.payouts.invalidateTotals();
    this.realtime.toRoom(ADMIN_ROOM, 'payout:admin-changed', { id: p.payoutId });
    // Paid is final, so only a payout becoming paid changes the public list; a bulk run of them is a few pushes.
    if (p.status === 'paid') await this.pushes.request(PAYOUTS_ROOM, (ids) => this.pushPaid(ids), [String(p.payoutId)]);
    if (p.userId === null) return;
    const row = await this.repository.byId(this.em.fork(), p.payoutId);
    if (!row || row.user_id === null) return;
    const prize = toMyPrize(row);
    this.realtime.toRoom(userRoom(row.user_id), 'payout:changed', { prize });
    if (!(p.created && p.status === 'paid'))
      this.realtime.toRoom(userRoom(row.user_id), 'user:notification', {
        type: 'info',
        message: payoutNotification(prize.prize, p.status),
      });
  }

  private async pushPaid(ids: string[]): Promise<void> {
    this.realtime.toRoom(PAYOUTS_ROOM, 'payouts:paid', { ids: ids.map(Number) });
  }
}
