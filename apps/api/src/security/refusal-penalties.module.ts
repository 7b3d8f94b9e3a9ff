import { Module } from '@nestjs/common';
import { ClientKeys } from './client-key';
import { ClientLanes } from './client-lanes';
import { RefusalPenalties } from './refusal-penalties';

/**
 * One count of refusals per api process, shared by the HTTP gate, the socket handshake and socket messages, and the
 * HTTP gate's lanes per client.
 */
@Module({ providers: [ClientKeys, ClientLanes, RefusalPenalties], exports: [ClientKeys, ClientLanes, RefusalPenalties] })
export class RefusalPenaltiesModule {}
