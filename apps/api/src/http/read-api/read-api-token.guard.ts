import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { ReadApiScope } from '@kickback/contracts';
import { forbidden, tooManyRequests, unauthorized } from '@kickback/platform';
import { ReadApiTokensService } from '@kickback/domain';
import { READ_API_SCOPE } from './read-api-scope';
import { ReadApiRateLimiter } from './read-api-rate-limiter';

/**
 * The read API's door: `Authorization: Bearer <token>`. No token, or one that is malformed, unknown or revoked, is
 * 401; a token without the route's scope 403; past the token's budget 429 with Retry-After. A session counts for
 * nothing here, so a logged-in browser reads no more than a token allows.
 */
@Injectable()
export class ReadApiTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: ReadApiTokensService,
    private readonly limiter: ReadApiRateLimiter,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const scope = this.reflector.get<ReadApiScope>(READ_API_SCOPE, ctx.getHandler());
    const bearer = /^Bearer (\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!bearer) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw unauthorized('An API token is required: send it as "Authorization: Bearer <token>".');
    }
    const token = await this.tokens.authenticate(bearer);
    if (!token) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw unauthorized('This API token is not valid or has been revoked.');
    }
    if (!token.scopes.includes(scope)) throw forbidden(`This API token may not read ${scope}.`);
    const wait = await this.limiter.retryAfter(token.id);
    if (wait !== null) {
      res.setHeader('Retry-After', String(wait));
      throw tooManyRequests(`This API token has made too many requests; try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`);
    }
    return true;
  }
}
