import { Module } from '@nestjs/common';
import { ActivityModule } from '@kickback/domain';
import { LiveController } from './live.controller';
import { LiveJoinKeywordController } from './live-join-keyword.controller';
import { AdminActivityController } from './admin-activity.controller';
import { AdminKickConnectionController } from './admin-kick-connection.controller';
import { AdminKickMemberController } from './admin-kick-member.controller';
import { ActivityGateway } from './activity.gateway';

/** Earning on stream: the live state, watch heartbeats, the admin's Activity section (Kick's webhook: kick-webhook.route.ts). */
@Module({
  imports: [ActivityModule],
  controllers: [
    LiveController,
    LiveJoinKeywordController,
    AdminActivityController,
    AdminKickConnectionController,
    AdminKickMemberController,
  ],
  providers: [ActivityGateway],
})
export class ActivityHttpModule {}
