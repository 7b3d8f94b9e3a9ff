import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ApiExceptionFilter, AppConfig, CsrfGuard, HostileTextPipe, RedisConnections } from '@kickback/platform';
import { IdentityModule } from '@kickback/domain';
import { AccessGuard } from './access.guard';
import { UserThrottlerGuard } from './user-throttler.guard';
import { DeclaredInputGuard } from './declared-input.guard';

/**
 * What every route passes, in this order: the SPEC error envelope for every failure, hostile text refused in
 * named values (whole bodies and queries are scanned by their schema pipe, after it accepted them), the CSRF token on
 * state changes, no undeclared body field or query parameter, the role check, then the per-member (per-address) rate
 * limit.
 */
@Module({
  imports: [
    // The role check reads the member's current role (and whether the account still exists).
    IdentityModule,
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, RedisConnections],
      useFactory: (config: AppConfig, conns: RedisConnections) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: config.env.RATE_LIMIT_PER_MINUTE }],
        storage: new ThrottlerStorageRedisService(conns.create('throttler')),
      }),
    }),
  ],
  providers: [
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    { provide: APP_PIPE, useClass: HostileTextPipe },
    { provide: APP_GUARD, useClass: CsrfGuard },
    // Who may call a route is answered before what it was sent: a stranger learns 401/403, never the route's inputs.
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: APP_GUARD, useClass: DeclaredInputGuard },
    { provide: APP_GUARD, useClass: UserThrottlerGuard },
  ],
  exports: [ThrottlerModule],
})
export class SecurityModule {}
