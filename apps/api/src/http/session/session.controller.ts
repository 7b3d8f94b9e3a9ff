import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ensureCsrfToken, ok } from '@kickback/platform';
import { UsersService, toCurrentUser } from '@kickback/domain';

/** The current user and CSRF token for clients that did not get them injected into the page. */
@ApiTags('session')
@Controller('api/r/session')
export class SessionController {
  constructor(private readonly users: UsersService) {}

  @Get()
  async current(@Req() req: Request) {
    const csrfToken = ensureCsrfToken(req.session);
    const user = req.session.userId ? await this.users.findById(req.session.userId) : null;
    return ok({ user: user ? toCurrentUser(user) : null, csrfToken });
  }
}
