import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DomainEventHandlers } from '@kickback/platform';
import { ActivityAwardsService } from './activity-awards.service';
import { KickSubscriptionsService } from './kick-subscriptions.service';

/**
 * A member's first login credits what their Kick account earned in chat before joining (30 days, docs/activity.md);
 * a change of the rules re-syncs the Kick subscriptions, which the worker also does at startup.
 */
@Injectable()
export class ActivityEventsHandler implements OnModuleInit, OnApplicationBootstrap {
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
      afterCommit: async () => void (await this.subscriptions.sync()),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.subscriptions.sync();
  }
}
