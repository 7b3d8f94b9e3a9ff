import { Body, Controller, Get, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { accountDeleteSchema, type AccountDeleteInput } from '@kickback/contracts';
import {
  AppConfig,
  Authenticated,
  CurrentUser,
  ok,
  sessionCookieName,
  sessionCookieOptions,
  zodPipe,
  type SessionUser,
  RowIdParam,
} from '@kickback/platform';
import { AccountDeletionService, AccountExportService, archiveFileName } from '@kickback/domain';

const ARCHIVE = 'This archive is not available. Ask for a new one on your settings page.';

/** The member's data rights: their archive ("Download my data") and deleting their account. */
@ApiTags('account')
@Controller('api/r/account')
@Authenticated()
export class AccountDataController {
  constructor(
    private readonly exports: AccountExportService,
    private readonly deletion: AccountDeletionService,
    private readonly config: AppConfig,
  ) {}

  @Get('export')
  @Header('Cache-Control', 'no-store')
  async latest(@CurrentUser() user: SessionUser) {
    return ok(await this.exports.latest(user.id));
  }

  /** Accepted: the worker builds the archive; the page asks again until it is ready. */
  @Post('export')
  @HttpCode(202)
  async request(@CurrentUser() user: SessionUser) {
    return ok(await this.exports.request(user.id), 'Your archive is being prepared. It usually takes under a minute.');
  }

  @Get('export/:id/download')
  async download(@CurrentUser() user: SessionUser, @RowIdParam(ARCHIVE) id: number, @Res() res: Response) {
    const json = await this.exports.download(user.id, id);
    res
      .set({
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${archiveFileName(id)}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(json);
  }

  /** Ends every session (this one too) and clears the cookie: the browser is a visitor afterwards. */
  @Post('delete')
  @HttpCode(200)
  async remove(
    @CurrentUser() user: SessionUser,
    @Body(zodPipe(accountDeleteSchema)) body: AccountDeleteInput,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.deletion.delete(user.id, body.confirm_username);
    res.clearCookie(sessionCookieName(this.config), sessionCookieOptions(this.config));
    return ok(null, 'Your account was deleted. Thank you for being part of the community.');
  }
}
