import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_OVERLAY_SETTINGS,
  OVERLAY_KINDS,
  OVERLAY_ACCENTS,
  OVERLAY_PANELS,
  overlayRoom,
  overlaySettingsSchema,
  type OverlayKind,
  type OverlayLook,
  type OverlaySettings,
  type OverlaySettingsUpdate,
  type OverlayThemeColours,
  type Theme,
} from '@kickback/contracts';
import { AuditLogService, INVALID_DATA_MESSAGE, RealtimeEmitter, unprocessable, zodFieldErrors } from '@kickback/platform';
import { SiteSettingsService } from '../site/site-settings.service';
import { OverlaySettingsRepository } from './overlay-settings.repository';

/**
 * How each overlay looks on stream (position on the 1920×1080 stage, size, theme colours, hidden fields, the
 * raffle's prize and how-to-enter lines). Saving is audited and pushed to that kind's open overlays, which apply it
 * without reloading.
 */
@Injectable()
export class OverlaySettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: OverlaySettingsRepository,
    private readonly site: SiteSettingsService,
    private readonly audit: AuditLogService,
    private readonly realtime: RealtimeEmitter,
  ) {}

  /** Every kind's settings, the defaults where none were saved. */
  async all(): Promise<Record<OverlayKind, OverlaySettings>> {
    const saved = await this.repository.all(this.em.fork());
    const all = { ...DEFAULT_OVERLAY_SETTINGS };
    // Saved settings over the defaults, so a setting added later has its default for kinds saved before it existed.
    for (const [kind, settings] of saved) all[kind] = { ...DEFAULT_OVERLAY_SETTINGS[kind], ...settings };
    return all;
  }

  /** What an overlay page starts with: its settings and the theme colours they may name. */
  async look(kind: OverlayKind): Promise<OverlayLook> {
    return (await this.looks())[kind];
  }

  /** Every kind's look from one read of the settings and the theme; `fresh` reads the theme past the site cache. */
  async looks(fresh = false): Promise<Record<OverlayKind, OverlayLook>> {
    const [all, colours] = await Promise.all([this.all(), this.colours(fresh)]);
    return Object.fromEntries(OVERLAY_KINDS.map((kind) => [kind, { settings: all[kind], colours }])) as Record<OverlayKind, OverlayLook>;
  }

  /**
   * Applies `changes` over the kind's settings (saved, else its defaults): a field left out keeps its value. The
   * result must still fit on the stage.
   */
  async save(actorId: number, kind: OverlayKind, changes: OverlaySettingsUpdate): Promise<OverlaySettings> {
    const settings = await this.audit.audited({ actorId, action: 'overlay.settings', entity: 'overlay' }, async (tx) => {
      const before = await this.repository.lock(tx, kind);
      const merged = overlaySettingsSchema.safeParse({ ...DEFAULT_OVERLAY_SETTINGS[kind], ...before, ...changes });
      if (!merged.success) throw unprocessable(INVALID_DATA_MESSAGE, zodFieldErrors(merged.error));
      await this.repository.save(tx, kind, merged.data);
      return { entityId: kind, before, after: merged.data };
    });
    this.realtime.toRoom(overlayRoom(kind), 'overlay:settings', { kind, look: { settings, colours: await this.colours() } });
    return settings;
  }

  private async colours(fresh = false): Promise<OverlayThemeColours> {
    const { theme } = fresh ? await this.site.readPublic() : await this.site.getPublic();
    const keys = [...OVERLAY_ACCENTS, ...OVERLAY_PANELS].filter((key): key is keyof OverlayThemeColours & keyof Theme => key !== 'default');
    return Object.fromEntries(keys.map((key) => [key, theme[key]])) as OverlayThemeColours;
  }
}
