import { Controller, Get, Logger, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, Roles, type SessionUser } from '@kickback/platform';
import { KickConnectionService, KickUserAuthClient } from '@kickback/domain';
import { AuthThrottle } from '../security/auth-throttle';
import { oauthAttemptMatches, startOAuthAttempt } from './oauth-attempt';

const SCREEN = '/admin-new/kick-connection';

/**
 * The streamer's Kick connection (admins only): GET /auth/kick/connect sends the admin to Kick with the scopes the
 * bot and the subscriptions need; the callback stores the tokens. State and PKCE verifier live in the session, apart
 * from the member login's, and are used once.
 */
@ApiExcludeController()
@Roles('Admin')
@Controller('auth/kick/connect')
export class KickConnectController {
  private readonly logger = new Logger(KickConnectController.name);

  constructor(
    private readonly auth: KickUserAuthClient,
    private readonly connection: KickConnectionService,
  ) {}

  @Get()
  @AuthThrottle()
  start(@Req() req: Request, @Res() res: Response): void {
    const { challenge, ...attempt } = startOAuthAttempt();
    req.session.kickConnect = attempt;
    req.session.save(() => res.redirect(302, this.auth.authorizeUrl(attempt.state, challenge)));
  }

  @Get('callback')
  @AuthThrottle()
  async callback(
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
    @Res() res: Response,
    @Query('code') code?: string,
    @Query('state') state?: string,
    @Query('error') error?: string,
  ): Promise<void> {
    const pending = req.session.kickConnect;
    delete req.session.kickConnect;
    const back = (query: string): void => void req.session.save(() => res.redirect(302, `${SCREEN}?${query}`));
    if (!oauthAttemptMatches(pending, state)) return back('error=state');
    if (error) return back(`error=${error === 'access_denied' ? 'denied' : 'failed'}`);
    if (!code) return back('error=failed');
    try {
      await this.connection.connect(user.id, code, pending.verifier);
      back('connected=1');
    } catch (err) {
      this.logger.warn({ err }, 'Kick connection failed');
      back('error=failed');
    }
  }
}
