import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { IssuedOverlayToken, OverlayKind } from '@kickback/contracts';
import { AppConfig, CurrentUser, Roles, ok, type SessionUser } from '@kickback/platform';
import { OverlayTokensService } from '@kickback/domain';
import { OverlayKindPipe } from './overlay-kind.pipe';

/** The admin's Overlays section: each OBS overlay's token state; issue (rotate) and revoke. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/overlays')
export class AdminOverlaysController {
  constructor(
    private readonly tokens: OverlayTokensService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  async list() {
    return ok(await this.tokens.list());
  }

  /** Issues a new token (rotating any previous one); the answer is the only time the token is shown. */
  @Post(':kind/token')
  @HttpCode(201)
  async issue(@CurrentUser() user: SessionUser, @Param('kind', OverlayKindPipe) kind: OverlayKind) {
    const token = await this.tokens.issue(user.id, kind);
    const issued: IssuedOverlayToken = { kind, token, url: `${this.config.appOrigin}/overlay/${kind}?token=${token}` };
    return ok(issued, 'A new overlay URL was issued; the previous one no longer works.');
  }

  @Delete(':kind/token')
  async revoke(@CurrentUser() user: SessionUser, @Param('kind', OverlayKindPipe) kind: OverlayKind) {
    await this.tokens.revoke(user.id, kind);
    return ok(null, 'The overlay URL was revoked.');
  }
}
