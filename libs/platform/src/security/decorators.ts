import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Role } from '@kickback/contracts';
import type { SessionUser } from './session-data';

export const ROLES_KEY = 'kickback:roles';
export const AUTH_KEY = 'kickback:auth';
export const SKIP_CSRF_KEY = 'kickback:skip-csrf';

/** The route needs a logged-in user. */
export const Authenticated = () => SetMetadata(AUTH_KEY, true);
/** The route needs one of these roles (checked against the database, not the session copy). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
/**
 * The route is one of the stream's live actions (the admin panel's Go live screen): admins and moderators. A moderator
 * may call nothing else of the admin API, so a route gets this only when Go live needs it.
 */
export const GoLive = () => Roles('Admin', 'moderator');
/** For server-to-server callbacks signed by other means (webhooks). Never for browser routes. */
export const SkipCsrf = () => SetMetadata(SKIP_CSRF_KEY, true);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser | null => {
  const req = ctx.switchToHttp().getRequest<Request>();
  const { userId, role } = req.session ?? {};
  return userId && role ? { id: userId, role } : null;
});
