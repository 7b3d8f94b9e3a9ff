import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppConfig, ensureCsrfToken, issueAnonymousCsrfToken, ok } from '@kickback/platform';
import { UsersService, toCurrentUser } from '@kickback/domain';

/** The current user and CSRF token for clients that did not get them injected into the page. */
@ApiTags('session')
@Controller('api/r/session')
export class SessionController {
  constructor(
    private readonly users: UsersService,
    private readonly config: AppConfig,
  ) {}

  /** A member's token is the session's; a visitor who is not logged in gets the signed anonymous cookie, no session. */
  @Get()
  async current(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const user = req.session?.userId ? await this.users.findById(req.session.userId) : null;
    const csrfToken = user ? ensureCsrfToken(req.session) : issueAnonymousCsrfToken(this.config, req, res);
    return ok({ user: user ? toCurrentUser(user) : null, csrfToken });
  }
}
