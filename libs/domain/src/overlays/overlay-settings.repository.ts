import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OverlayKind, OverlaySettings } from '@kickback/contracts';

/** Each overlay kind's saved settings (table overlay_settings; a kind without a row uses its defaults). */
@Injectable()
export class OverlaySettingsRepository {
  async all(em: EntityManager): Promise<Map<OverlayKind, OverlaySettings>> {
    const rows = await em.execute<{ kind: OverlayKind; settings: OverlaySettings }[]>('select kind, settings from overlay_settings');
    return new Map(rows.map((r) => [r.kind, r.settings]));
  }

  /** The kind's saved settings, locked until the transaction ends (null when it has none). */
  async lock(em: EntityManager, kind: OverlayKind): Promise<OverlaySettings | null> {
    const [row] = await em.execute<{ settings: OverlaySettings }[]>('select settings from overlay_settings where kind = ? for update', [
      kind,
    ]);
    return row?.settings ?? null;
  }

  async save(em: EntityManager, kind: OverlayKind, settings: OverlaySettings): Promise<void> {
    await em.execute(
      `insert into overlay_settings (kind, settings) values (?, ?::jsonb)
       on conflict (kind) do update set settings = excluded.settings, updated_at = now()`,
      [kind, JSON.stringify(settings)],
    );
  }
}
