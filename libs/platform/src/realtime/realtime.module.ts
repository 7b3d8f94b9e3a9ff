import { Global, Module } from '@nestjs/common';
import { RealtimeEmitter } from './realtime-emitter.service';
import { PushCoalescer } from './push-coalescer';

@Global()
@Module({ providers: [RealtimeEmitter, PushCoalescer], exports: [RealtimeEmitter, PushCoalescer] })
export class RealtimeModule {}
