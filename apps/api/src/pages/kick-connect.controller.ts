import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Roles } from '@kickback/platform';
import { KickUserAuthClient } from '@kickback/domain';
import { AuthThrottle } from '../security/auth-throttle';
import { startOAuthAttempt } from './oauth-attempt';

/**
 * The streamer's Kick connection (admins only): GET /auth/kick/connect sends the admin to Kick with the scopes the
 * bot, the subscriptions, moderation and rewards need. Kick comes back to the one callback the app registers
 * (/auth/kick/callback, shared with the member login; KickConnectCallback stores the tokens). State and PKCE verifier
 * live in the session, apart from the member login's, and are used once.
 */
@ApiExcludeController()
@Roles('Admin')
@Controller('auth/kick/connect')
export class KickConnectController {
  constructor(private readonly auth: KickUserAuthClient) {}

  @Get()
  @AuthThrottle()
  start(@Req() req: Request, @Res() res: Response): void {
    const { challenge, ...attempt } = startOAuthAttempt();
    req.session.kickConnect = attempt;
    req.session.save(() => res.redirect(302, this.auth.authorizeUrl(attempt.state, challenge)));
  }
}
