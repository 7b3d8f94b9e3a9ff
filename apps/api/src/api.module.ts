import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { TerminusModule } from '@nestjs/terminus';
import {
  ApiExceptionFilter,
  AppConfig,
  AuditModule,
  ConfigModule,
  CsrfGuard,
  HostileTextPipe,
  DatabaseModule,
  LoggingModule,
  OutboxModule,
  QueueInspectorService,
  RealtimeModule,
  RedisConnections,
  RedisModule,
  StorageModule,
  type AppEnv,
} from '@kickback/platform';
import { EconomyModule, IdentityModule, RafflesModule, SiteModule, StoreModule } from '@kickback/domain';
import { RafflesController } from './http/raffles/raffles.controller';
import { AdminRafflesController } from './http/raffles/admin-raffles.controller';
import { LeaderboardModule } from '@kickback/domain';
import { LeaderboardController } from './http/leaderboard/leaderboard.controller';
import { AdminLeaderboardController } from './http/leaderboard/admin-leaderboard.controller';
import { HuntsModule } from '@kickback/domain';
import { TournamentsModule } from '@kickback/domain';
import { TournamentsController } from './http/tournaments/tournaments.controller';
import { AdminTournamentsController } from './http/tournaments/admin-tournaments.controller';
import { BonusHuntsController } from './http/bonus-hunts/bonus-hunts.controller';
import { AdminBonusHuntsController } from './http/bonus-hunts/admin-bonus-hunts.controller';
import { AdminHuntSlotsController } from './http/bonus-hunts/admin-hunt-slots.controller';
import { AccessGuard } from './security/access.guard';
import { UserThrottlerGuard } from './security/user-throttler.guard';
import { SiteController } from './http/site/site.controller';
import { SessionController } from './http/session/session.controller';
import { AdminSettingsController } from './http/site/admin-settings.controller';
import { AdminAffiliatesController } from './http/site/admin-affiliates.controller';
import { AdminUploadsController } from './http/site/admin-uploads.controller';
import { AdminAuditController } from './http/site/admin-audit.controller';
import { AdminQueuesController } from './http/ops/admin-queues.controller';
import { HealthController } from './ops/health.controller';
import { LoginController } from './pages/login.controller';
import { KickAuthController } from './pages/kick-auth.controller';
import { KickOAuthClient } from './pages/kick-oauth.client';
import { SessionLoginService } from './pages/session-login.service';
import { PageDataService } from './pages/page-data.service';
import { SpaTemplateService } from './pages/spa-template.service';
import { SpaController } from './pages/spa.controller';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { RaffleEnterGateway } from './http/raffles/raffle-enter.gateway';
import { RaffleEnterLimiter } from './http/raffles/raffle-enter-limiter';
import { WinnersController } from './http/raffles/winners.controller';
import { PointsController } from './http/economy/points.controller';
import { AdminUsersController } from './http/economy/admin-users.controller';
import { StoreController } from './http/store/store.controller';
import { ProfileController } from './http/profile/profile.controller';
import { AdminStoreItemsController, AdminStoreRedemptionsController } from './http/store/admin-store.controller';
import { ContactModule } from '@kickback/domain';
import { TicketsModule } from '@kickback/domain';
import { TicketsController } from './http/tickets/tickets.controller';
import { AdminTicketsController } from './http/tickets/admin-tickets.controller';
import { AdminTicketCategoriesController } from './http/tickets/admin-ticket-categories.controller';
import { ContactController } from './http/contact/contact.controller';
import { AdminContactMessagesController } from './http/contact/admin-contact.controller';

/** Page routes come last: the SPA controller's catch-all must not shadow API routes. */
@Module({
  imports: [IdentityModule, SiteModule],
  controllers: [LoginController, KickAuthController, SpaController],
  providers: [KickOAuthClient, SessionLoginService, PageDataService, SpaTemplateService],
})
class PagesModule {}

@Module({})
export class ApiModule {
  static forRoot(env?: AppEnv): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(env),
        LoggingModule,
        DatabaseModule,
        RedisModule,
        OutboxModule,
        RealtimeModule,
        AuditModule,
        StorageModule,
        TerminusModule,
        ThrottlerModule.forRootAsync({
          inject: [AppConfig, RedisConnections],
          useFactory: (config: AppConfig, conns: RedisConnections) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: config.env.RATE_LIMIT_PER_MINUTE }],
            storage: new ThrottlerStorageRedisService(conns.create('throttler')),
          }),
        }),
        IdentityModule,
        SiteModule,
        EconomyModule,
        RafflesModule,
        StoreModule,
        LeaderboardModule,
        HuntsModule,
        TournamentsModule,
        ContactModule,
        TicketsModule,
        PagesModule,
      ],
      controllers: [
        RafflesController,
        AdminRafflesController,
        HealthController,
        SessionController,
        SiteController,
        AdminSettingsController,
        AdminAffiliatesController,
        AdminUploadsController,
        AdminAuditController,
        AdminQueuesController,
        PointsController,
        AdminUsersController,
        BonusHuntsController,
        AdminBonusHuntsController,
        TournamentsController,
        AdminTournamentsController,
        AdminHuntSlotsController,
        LeaderboardController,
        AdminLeaderboardController,
        StoreController,
        AdminStoreItemsController,
        AdminStoreRedemptionsController,
        ProfileController,
        ContactController,
        AdminContactMessagesController,
        TicketsController,
        WinnersController,
        AdminTicketsController,
        AdminTicketCategoriesController,
      ],
      providers: [
        RealtimeGateway,
        RaffleEnterLimiter,
        RaffleEnterGateway,
        QueueInspectorService,
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: HostileTextPipe },
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_GUARD, useClass: UserThrottlerGuard },
      ],
    };
  }
}
