import { SlotsModule } from '../slots/slots.module';
import { ContestsModule } from '../contests/contests.module';
import { PollsModule } from '../polls/polls.module';
import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { RafflesModule } from '../raffles/raffles.module';
import { SiteModule } from '../site/site.module';
import { ActivityRepository } from './activity.repository';
import { ActivityAwardsService } from './activity-awards.service';
import { KickEventApplier } from './kick-event-applier.service';
import { KickPublicKeyService } from './kick-public-key.service';
import { KickWebhookService } from './kick-webhook.service';
import { KickAppClient } from './kick-app.client';
import { ChatCommandsService } from './chat-commands.service';
import { KickSubscriptionsService } from './kick-subscriptions.service';
import { AdminActivityService } from './admin-activity.service';
import { LiveStateService } from './live-state.service';
import { WatchService } from './watch.service';
import { KickDeliveryBatcher } from './kick-delivery-batcher';
import { KickDeliveryLog } from './kick-delivery-log';
import { ActivityStreamsRepository } from './activity-streams.repository';
import { KickMessagesRepository } from './kick-messages.repository';
import { KickMessageRetentionService } from './kick-message-retention.service';
import { KickLivePollService } from './kick-live-poll.service';
import { KickLivePollHealth } from './kick-live-poll-health';
import { KickConnectionRepository } from './kick-connection.repository';
import { KickConnectionService } from './kick-connection.service';
import { KickChannelService } from './kick-channel.service';
import { KickTokenCipher } from './kick-token-cipher';
import { KickUserAuthClient } from './kick-user-auth.client';
import { KickViewersRepository } from './kick-viewers.repository';
import { KickChatSender } from './kick-chat-sender';
import { KickOwnMessages } from './kick-own-messages';
import { KickChannelAdminClient } from './kick-channel-admin.client';
import { KickMemberStandingService } from './kick-member-standing.service';
import { KickRedemptionActionsRepository } from './kick-redemption-actions.repository';
import { KickRewardsService } from './kick-rewards.service';

const PROVIDERS = [
  ActivityRepository,
  ActivityAwardsService,
  KickEventApplier,
  KickPublicKeyService,
  KickWebhookService,
  KickAppClient,
  ChatCommandsService,
  KickSubscriptionsService,
  AdminActivityService,
  LiveStateService,
  WatchService,
  KickDeliveryBatcher,
  KickDeliveryLog,
  ActivityStreamsRepository,
  KickMessagesRepository,
  KickMessageRetentionService,
  KickLivePollService,
  KickLivePollHealth,
  KickConnectionRepository,
  KickConnectionService,
  KickChannelService,
  KickTokenCipher,
  KickUserAuthClient,
  KickViewersRepository,
  KickChatSender,
  KickOwnMessages,
  KickChannelAdminClient,
  KickMemberStandingService,
  KickRedemptionActionsRepository,
  KickRewardsService,
];

/** Earning on stream for the api: the Kick webhook, live state, the admin section. */
@Module({
  imports: [EconomyModule, RafflesModule, SiteModule, SlotsModule, ContestsModule, PollsModule],
  providers: PROVIDERS,
  exports: [
    ChatCommandsService,
    KickWebhookService,
    KickSubscriptionsService,
    AdminActivityService,
    LiveStateService,
    ActivityAwardsService,
    WatchService,
    KickMessageRetentionService,
    KickLivePollService,
    KickConnectionService,
    KickChannelService,
    KickUserAuthClient,
    KickMemberStandingService,
    KickRewardsService,
  ],
})
export class ActivityModule {}
