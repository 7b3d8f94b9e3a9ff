import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { overlaySettingsUpdateSchema, type IssuedOverlayToken, type OverlayKind, type OverlaySettingsUpdate } from '@kickback/contracts';
import { AppConfig, CurrentUser, GoLive, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { OverlaySettingsService, OverlayTokensService } from '@kickback/domain';
import { OverlayKindPipe } from './overlay-kind.pipe';
import { OVERLAY_LABELS } from './overlay-labels';

/** The admin's Overlays section: each OBS overlay's token state and settings; issue (rotate), view again and revoke. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/overlays')
export class AdminOverlaysController {
  constructor(
    private readonly tokens: OverlayTokensService,
    private readonly settings: OverlaySettingsService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @GoLive()
  async list() {
    return ok(await this.tokens.list());
  }

  /** Issues a new token (rotating any previous one). */
  @Post(':kind/token')
  @HttpCode(201)
  async issue(@CurrentUser() user: SessionUser, @Param('kind', OverlayKindPipe) kind: OverlayKind) {
    const token = await this.tokens.issue(user.id, kind);
    return ok(this.issued(kind, token), 'A new overlay URL was issued; the previous one no longer works.');
  }

  /** The current URL again, unchanged: the browser source already in OBS keeps working. */
  @Get(':kind/url')
  async current(@CurrentUser() user: SessionUser, @Param('kind', OverlayKindPipe) kind: OverlayKind) {
    return ok(this.issued(kind, await this.tokens.current(user.id, kind)));
  }

  @Put(':kind/settings')
  async saveSettings(
    @CurrentUser() user: SessionUser,
    @Param('kind', OverlayKindPipe) kind: OverlayKind,
    @Body(zodPipe(overlaySettingsUpdateSchema)) body: OverlaySettingsUpdate,
  ) {
    const saved = await this.settings.save(user.id, kind, body);
    return ok(saved, `${OVERLAY_LABELS[kind]} settings saved; open overlays show them now.`);
  }

  private issued(kind: OverlayKind, token: string): IssuedOverlayToken {
    return { kind, token, url: `${this.config.appOrigin}/overlay/${kind}?token=${token}` };
  }

  @Delete(':kind/token')
  async revoke(@CurrentUser() user: SessionUser, @Param('kind', OverlayKindPipe) kind: OverlayKind) {
    await this.tokens.revoke(user.id, kind);
    return ok(null, 'The overlay URL was revoked.');
  }
}
