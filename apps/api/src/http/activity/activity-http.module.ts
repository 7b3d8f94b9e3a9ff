import { Module } from '@nestjs/common';
import { ActivityModule } from '@kickback/domain';
import { KickWebhookController } from './kick-webhook.controller';
import { LiveController } from './live.controller';
import { AdminActivityController } from './admin-activity.controller';
import { ActivityGateway } from './activity.gateway';

/** Earning on stream: Kick's signed webhook, the live state, watch heartbeats, the admin's Activity section. */
@Module({
  imports: [ActivityModule],
  controllers: [KickWebhookController, LiveController, AdminActivityController],
  providers: [ActivityGateway],
})
export class ActivityHttpModule {}
