import { Module, type DynamicModule } from '@nestjs/common';
import {
  AuditModule,
  ConfigModule,
  DatabaseModule,
  LoggingModule,
  OutboxModule,
  RealtimeModule,
  RedisModule,
  StorageModule,
  type AppEnv,
} from '@kickback/platform';
import { BonusHuntsHttpModule } from './http/bonus-hunts/bonus-hunts-http.module';
import { ContactHttpModule } from './http/contact/contact-http.module';
import { EconomyHttpModule } from './http/economy/economy-http.module';
import { LeaderboardHttpModule } from './http/leaderboard/leaderboard-http.module';
import { OpsHttpModule } from './http/ops/ops-http.module';
import { ProfileHttpModule } from './http/profile/profile-http.module';
import { RafflesHttpModule } from './http/raffles/raffles-http.module';
import { SessionHttpModule } from './http/session/session-http.module';
import { SiteHttpModule } from './http/site/site-http.module';
import { StoreHttpModule } from './http/store/store-http.module';
import { TicketsHttpModule } from './http/tickets/tickets-http.module';
import { TournamentsHttpModule } from './http/tournaments/tournaments-http.module';
import { OpsModule } from './ops/ops.module';
import { PagesModule } from './pages/pages.module';
import { RealtimeGatewayModule } from './realtime/realtime-gateway.module';
import { SecurityModule } from './security/security.module';

const PLATFORM = [LoggingModule, DatabaseModule, RedisModule, OutboxModule, RealtimeModule, AuditModule, StorageModule];
const FEATURES = [
  SessionHttpModule,
  SiteHttpModule,
  ProfileHttpModule,
  EconomyHttpModule,
  StoreHttpModule,
  RafflesHttpModule,
  LeaderboardHttpModule,
  BonusHuntsHttpModule,
  TournamentsHttpModule,
  TicketsHttpModule,
  ContactHttpModule,
  OpsHttpModule,
];

/** The api process: platform, the guards every route passes, sockets, one HTTP module per feature, and pages last. */
@Module({})
export class ApiModule {
  static forRoot(env?: AppEnv): DynamicModule {
    return {
      module: ApiModule,
      imports: [ConfigModule.forRoot(env), ...PLATFORM, SecurityModule, OpsModule, RealtimeGatewayModule, ...FEATURES, PagesModule],
    };
  }
}
