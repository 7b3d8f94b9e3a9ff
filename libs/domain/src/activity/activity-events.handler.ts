import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventHandlers } from '@kickback/platform';
import { ActivityAwardsService } from './activity-awards.service';
import { KickSubscriptionsService } from './kick-subscriptions.service';
import { KickRewardsService } from './kick-rewards.service';

/**
 * A member's first login credits what their Kick account earned in chat before joining (30 days, docs/activity.md);
 * a change of the rules reconciles the Kick subscriptions at once (the worker's Kick upkeep job also does, at startup
 * and every few minutes); a redemption the site decided is sent to Kick in the next batch (the upkeep job retries).
 */
@Injectable()
export class ActivityEventsHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly awards: ActivityAwardsService,
    private readonly subscriptions: KickSubscriptionsService,
    private readonly rewards: KickRewardsService,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'activity.credit-pending',
      type: 'user.logged-in',
      handle: async (event, tx) => void (await this.awards.creditPending(tx, event.payload.userId)),
    });
    this.handlers.register({
      consumer: 'activity.redemption-to-kick',
      type: 'activity.redemption-decided',
      afterCommit: async () => void (await this.rewards.flush()),
    });
    this.handlers.register({
      consumer: 'activity.resubscribe',
      type: 'activity.settings-updated',
      afterCommit: async () => void (await this.subscriptions.reconcile({ wait: true })),
    });
  }
}
