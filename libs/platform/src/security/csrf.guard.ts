import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppConfig } from '../config/app-config';
import { forbidden } from '../http/api-errors';
import { anonymousCsrfTokenMatches } from './anonymous-csrf';
import { CSRF_HEADER, csrfTokenMatches } from './csrf';
import { SKIP_CSRF_KEY } from './decorators';
import { requestOriginAllowed } from './request-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request must echo the session's token in X-CSRF-TOKEN. The server-
 * rendered login page's form is the one exception that may send it as the `_csrf` field,
 * since a plain HTML form cannot set headers. A member's token lives in the session; a visitor who is not
 * logged in echoes the signed anonymous cookie instead (anonymous-csrf.ts), so anonymous page views need no session.
 * A request that says it comes from another site (Origin or Referer) is refused first (request-origin.ts).
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
  ) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_CSRF_KEY, [ctx.getHandler(), ctx.getClass()])) return true;
    if (!requestOriginAllowed(this.config, req)) throw forbidden('This request came from another site and was refused.');
    const header = req.get(CSRF_HEADER);
    const formField = req.is('application/x-www-form-urlencoded') ? (req.body as Record<string, unknown>)?._csrf : undefined;
    const given = header ?? formField;
    if (csrfTokenMatches(req.session?.csrfToken, given)) return true;
    if (!req.session?.userId && anonymousCsrfTokenMatches(this.config, req, given)) return true;
    throw forbidden('CSRF token missing or invalid. Reload the page and try again.');
  }
}
