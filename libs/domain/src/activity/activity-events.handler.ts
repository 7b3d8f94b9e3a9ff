import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventHandlers } from '@kickback/platform';
import { ActivityAwardsService } from './activity-awards.service';
import { KickSubscriptionsService } from './kick-subscriptions.service';

/**
 * A member's first login credits what their Kick account earned in chat before joining (30 days, docs/activity.md);
 * a change of the rules reconciles the Kick subscriptions at once (the worker's Kick upkeep job also does, at startup
 * and every few minutes).
 */
@Injectable()
export class ActivityEventsHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly awards: ActivityAwardsService,
    private readonly subscriptions: KickSubscriptionsService,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'activity.credit-pending',
      type: 'user.logged-in',
      handle: async (event, tx) => void (await this.awards.creditPending(tx, event.payload.userId)),
    });
    this.handlers.register({
      consumer: 'activity.resubscribe',
      type: 'activity.settings-updated',
      afterCommit: async () => void (await this.subscriptions.reconcile({ wait: true })),
    });
  }
}
