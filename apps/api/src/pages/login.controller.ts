import { Body, Controller, Get, NotFoundException, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AuthThrottle } from '../security/auth-throttle';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AppConfig, issueAnonymousCsrfToken, sessionCookieName, sessionCookieOptions, zodPipe } from '@kickback/platform';
import { SiteSettingsService, UsersService } from '@kickback/domain';
import { LOGIN_ERRORS, renderLoginPage } from './login-page.html';
import { loginPath, safeReturnPath } from './return-path';
import { SessionLoginService } from './session-login.service';

const devLoginSchema = z
  .object({ _csrf: z.string(), user_id: z.coerce.number().int().positive(), next: z.string().max(2000).optional() })
  .strict();

@ApiExcludeController()
@Controller()
export class LoginController {
  constructor(
    private readonly config: AppConfig,
    private readonly settings: SiteSettingsService,
    private readonly users: UsersService,
    private readonly sessions: SessionLoginService,
  ) {}

  @Get('login')
  async page(@Req() req: Request, @Res() res: Response, @Query('error') error?: string, @Query('next') next?: unknown): Promise<void> {
    const returnTo = safeReturnPath(next);
    if (req.session?.userId) return res.redirect(302, returnTo ?? '/');
    const csrfToken = issueAnonymousCsrfToken(this.config, req, res);
    const settings = await this.settings.getPublic();
    const demoUsers = this.config.env.AUTH_DEV_LOGIN
      ? (await this.users.listDemoUsers()).map((u) => ({ id: u.id, username: u.username, role: u.role }))
      : null;
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(
      renderLoginPage({
        siteName: settings.site_name,
        csrfToken,
        error: (error && LOGIN_ERRORS[error]) || null,
        banReason: error === 'banned' ? (req.session?.loginRefusal?.banReason ?? null) : null,
        returnTo,
        demoUsers,
        primaryColor: settings.theme.primary_color,
      }),
    );
  }

  /** Local demo login; only exists when AUTH_DEV_LOGIN=true (production refuses that setting). */
  @Post('login/dev')
  @AuthThrottle()
  async devLogin(
    @Req() req: Request,
    @Res() res: Response,
    @Body(zodPipe(devLoginSchema)) body: { user_id: number; next?: string },
  ): Promise<void> {
    if (!this.config.env.AUTH_DEV_LOGIN) throw new NotFoundException();
    const returnTo = safeReturnPath(body.next);
    const user = await this.users.findById(body.user_id);
    if (!user || !user.isDemo || user.deletedAt) return res.redirect(303, loginPath('failed', returnTo));
    if (user.bannedAt) {
      await this.sessions.refuseBanned(req, user);
      return res.redirect(303, loginPath('banned', returnTo));
    }
    await this.sessions.login(req, user);
    res.redirect(303, returnTo ?? '/');
  }

  @Post('logout')
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.sessions.logout(req);
    res.clearCookie(sessionCookieName(this.config), sessionCookieOptions(this.config));
    res.redirect(303, '/');
  }
}
