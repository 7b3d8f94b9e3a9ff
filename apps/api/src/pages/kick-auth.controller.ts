import { Controller, Get, HttpException, Logger, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AuthThrottle } from '../security/auth-throttle';
import type { Request, Response } from 'express';
import { UsersService } from '@kickback/domain';
import { KickConnectCallback } from './kick-connect-callback';
import { KickOAuthClient } from './kick-oauth.client';
import { oauthAttemptMatches, startOAuthAttempt } from './oauth-attempt';
import { loginPath, safeReturnPath } from './return-path';
import { SessionLoginService } from './session-login.service';

/** GET /auth/kick starts login (or linking, when already logged in); the callback finishes it, or an admin's Kick connection. */
@ApiExcludeController()
@Controller('auth/kick')
export class KickAuthController {
  private readonly logger = new Logger(KickAuthController.name);

  constructor(
    private readonly kick: KickOAuthClient,
    private readonly users: UsersService,
    private readonly sessions: SessionLoginService,
    private readonly connect: KickConnectCallback,
  ) {}

  @Get()
  @AuthThrottle()
  start(@Req() req: Request, @Res() res: Response, @Query('next') next?: unknown): void {
    const { challenge, ...attempt } = startOAuthAttempt();
    const returnTo = safeReturnPath(next) ?? undefined;
    req.session.oauth = { ...attempt, mode: req.session.userId ? 'link' : 'login', returnTo };
    req.session.save(() => res.redirect(302, this.kick.authorizeUrl(attempt.state, challenge)));
  }

  @Get('callback')
  @AuthThrottle()
  async callback(
    @Req() req: Request,
    @Res() res: Response,
    @Query('code') code?: string,
    @Query('state') state?: string,
    @Query('error') error?: string,
  ): Promise<void> {
    // One redirect URL for the app: an admin's Kick connection comes back here too, told apart by its state.
    if (this.connect.owns(req, state)) return this.connect.finish(req, res, { code, state, error });
    const pending = req.session.oauth;
    // One use only: a replayed callback finds nothing to match.
    delete req.session.oauth;
    const linking = pending?.mode === 'link' && !!req.session.userId;
    const returnTo = safeReturnPath(pending?.returnTo);
    const failTo = (reason: string) =>
      res.redirect(302, linking ? `/settings?tab=connections&error=${reason}` : loginPath(reason, returnTo));
    if (!oauthAttemptMatches(pending, state)) return failTo('state');
    if (error) return failTo(error === 'access_denied' ? 'denied' : 'failed');
    if (!code) return failTo('failed');
    try {
      const tokens = await this.kick.exchangeCode(code, pending.verifier);
      // The tokens only tell who logged in: revoked once read, whatever happens next (the login does not wait).
      const profile = await this.kick.currentUser(tokens.accessToken).finally(() => void this.kick.revoke(tokens));
      if (linking) {
        await this.users.linkKick(req.session.userId!, profile);
        req.session.save(() => res.redirect(302, '/settings?tab=connections'));
        return;
      }
      const user = await this.users.upsertFromKick(profile);
      if (user.bannedAt) {
        await this.sessions.refuseBanned(req, user);
        return failTo('banned');
      }
      await this.sessions.login(req, user);
      res.redirect(302, returnTo ?? '/');
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() === 409) return failTo('linked');
      this.logger.warn({ err }, 'Kick login failed');
      failTo('failed');
    }
  }
}
