import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OVERLAY_KINDS, overlayRoom } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';
import { OverlaySettingsService } from './overlay-settings.service';

/**
 * Overlays name theme colours (accent, panel) rather than holding them, so a theme saved in Site Settings reaches
 * every open overlay as a new look, as a saved overlay setting does: OBS keeps its sources open for hours.
 */
@Injectable()
export class OverlayThemePushHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly overlays: OverlaySettingsService,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'overlays.theme-push',
      type: 'site.settings-updated',
      afterCommit: async () => {
        // Past the cache: this can run before the api has dropped the copy the change made stale.
        const looks = await this.overlays.looks(true);
        for (const kind of OVERLAY_KINDS) this.realtime.toRoom(overlayRoom(kind), 'overlay:settings', { kind, look: looks[kind] });
      },
    });
  }
}
