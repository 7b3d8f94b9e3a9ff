import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Role } from '@kickback/contracts';
import { AUTH_KEY, ROLES_KEY, forbidden, unauthorized } from '@kickback/platform';
import { UsersService } from '@kickback/domain';

/**
 * @Authenticated needs a session user; @Roles also re-reads the role from the database so a
 * demotion takes effect at once instead of when the session expires.
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
    const role = await this.users.roleOf(userId);
    if (!role) throw unauthorized();
    if (req.session.role !== role) req.session.role = role;
    if (!roles.includes(role)) throw forbidden();
    return true;
  }
}
