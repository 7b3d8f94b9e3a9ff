import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Role } from '@kickback/contracts';
import { AUTH_KEY, ROLES_KEY, forbidden, unauthorized } from '@kickback/platform';
import { UsersService } from '@kickback/domain';

/**
 * @Authenticated needs a session user (a ban deletes the member's sessions); @Roles also re-reads the
 * role and the ban from the database so a demotion takes effect at once instead of when the session expires.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    const needsAuth = this.reflector.getAllAndOverride<boolean | undefined>(AUTH_KEY, targets) || !!roles;
    if (!needsAuth) return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    const userId = req.session?.userId;
    if (!userId) throw unauthorized();
    if (!roles) return true;
    const access = await this.users.access(userId);
    if (!access || access.banned) throw unauthorized();
    if (req.session.role !== access.role) req.session.role = access.role;
    if (!roles.includes(access.role)) throw forbidden();
    return true;
  }
}
