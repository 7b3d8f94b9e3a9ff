import { Module, type DynamicModule } from '@nestjs/common';
import {
  AuditModule,
  ConfigModule,
  DatabaseModule,
  GeoModule,
  LoggingModule,
  OutboxModule,
  RealtimeModule,
  RedisModule,
  StorageModule,
  type AppEnv,
} from '@kickback/platform';
import { FEATURE_HTTP_MODULES } from './http/feature-http-modules';
import { OpsModule } from './ops/ops.module';
import { PagesModule } from './pages/pages.module';
import { RealtimeGatewayModule } from './realtime/realtime-gateway.module';
import { SecurityModule } from './security/security.module';
import { RefusalPenaltiesModule } from './security/refusal-penalties.module';

const PLATFORM = [LoggingModule, DatabaseModule, GeoModule, RedisModule, OutboxModule, RealtimeModule, AuditModule, StorageModule];

/** The api process: platform, the guards every route passes, sockets, one HTTP module per feature, and pages last. */
@Module({})
export class ApiModule {
  static forRoot(env?: AppEnv): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(env),
        ...PLATFORM,
        RefusalPenaltiesModule,
        SecurityModule,
        OpsModule,
        RealtimeGatewayModule,
        ...FEATURE_HTTP_MODULES,
        PagesModule,
      ],
    };
  }
}
