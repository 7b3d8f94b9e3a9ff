import { Module } from '@nestjs/common';
import { OverlaysRepository } from './overlays.repository';
import { OverlayTokensService } from './overlay-tokens.service';
import { SiteModule } from '../site/site.module';
import { OverlaySettingsRepository } from './overlay-settings.repository';
import { OverlaySettingsService } from './overlay-settings.service';
import { OverlayThemePushHandler } from './overlay-theme-push.handler';
import { OverlayTokenCipher } from './overlay-token-cipher';

/** OBS overlay tokens and settings (the api's admin section, overlay pages and socket gateway). */
@Module({
  imports: [SiteModule],
  providers: [
    OverlaysRepository,
    OverlayTokensService,
    OverlaySettingsRepository,
    OverlaySettingsService,
    OverlayTokenCipher,
    OverlayThemePushHandler,
  ],
  exports: [OverlayTokensService, OverlaySettingsService],
})
export class OverlaysModule {}
