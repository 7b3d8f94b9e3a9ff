import type { ExecutionContext } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';

export const AUTH_RATE_LIMIT_SETTING = 'kickback.authRateLimit';

/** Login routes: attempts per minute per address, from AUTH_RATE_LIMIT_PER_MINUTE (set on the Express app at boot). */
export const AuthThrottle = () =>
  Throttle({
    default: {
      ttl: 60_000,
      limit: (ctx: ExecutionContext) => Number(ctx.switchToHttp().getRequest<Request>().app.get(AUTH_RATE_LIMIT_SETTING) ?? 20),
    },
  });
