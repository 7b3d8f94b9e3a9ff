import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { forbidden } from '../http/api-errors';
import { CSRF_HEADER, csrfTokenMatches } from './csrf';
import { SKIP_CSRF_KEY } from './decorators';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request must echo the session's token in X-CSRF-TOKEN. The server-
 * rendered login page's form is the one exception that may send it as the `_csrf` field,
 * since a plain HTML form cannot set headers.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_CSRF_KEY, [ctx.getHandler(), ctx.getClass()])) return true;
    const expected = req.session?.csrfToken;
    const header = req.get(CSRF_HEADER);
    const formField = req.is('application/x-www-form-urlencoded') ? (req.body as Record<string, unknown>)?._csrf : undefined;
    if (csrfTokenMatches(expected, header ?? formField)) return true;
    throw forbidden('CSRF token missing or invalid. Reload the page and try again.');
  }
}
