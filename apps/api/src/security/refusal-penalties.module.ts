import { Module } from '@nestjs/common';
import { ClientKeys } from './client-key';
import { RefusalPenalties } from './refusal-penalties';

/** One count of refusals per api process, shared by the HTTP middleware, the socket handshake and socket messages. */
@Module({ providers: [ClientKeys, RefusalPenalties], exports: [ClientKeys, RefusalPenalties] })
export class RefusalPenaltiesModule {}
