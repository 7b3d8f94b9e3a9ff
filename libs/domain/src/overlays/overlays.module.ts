import { Module } from '@nestjs/common';
import { OverlaysRepository } from './overlays.repository';
import { OverlayTokensService } from './overlay-tokens.service';

/** OBS overlay tokens (the api's admin section, overlay pages and socket gateway). */
@Module({
  providers: [OverlaysRepository, OverlayTokensService],
  exports: [OverlayTokensService],
})
export class OverlaysModule {}
