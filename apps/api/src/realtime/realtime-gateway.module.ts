import { Module } from '@nestjs/common';
import { IdentityModule, OverlaysModule, SafetyModule } from '@kickback/domain';
import { RefusalPenaltiesModule } from '../security/refusal-penalties.module';
import { RealtimeGateway } from './realtime.gateway';

/** The Socket.IO connection every page holds: private rooms by session and role, public rooms on request (overlays: by token). */
@Module({ imports: [IdentityModule, OverlaysModule, RefusalPenaltiesModule, SafetyModule], providers: [RealtimeGateway] })
export class RealtimeGatewayModule {}
