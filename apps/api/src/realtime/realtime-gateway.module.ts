import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';

/** The Socket.IO connection every page holds: private rooms by session and role, public rooms on request. */
@Module({ providers: [RealtimeGateway] })
export class RealtimeGatewayModule {}
