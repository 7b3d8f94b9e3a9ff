import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SITE_DEFAULTS } from './site-defaults';

/** The site feature's SQL beside its entities: affiliate order, the settings row's first write. */
@Injectable()
export class SiteRepository {
  async nextAffiliatePosition(em: EntityManager): Promise<number> {
    const [{ next }] = await em.execute<{ next: number }[]>('select coalesce(max(position), -1) + 1 as next from affiliates');
    return Number(next);
  }

  /** A fresh install's settings row, written once (a concurrent first read finds it written). */
  async insertDefaultSettings(em: EntityManager): Promise<void> {
    await em.execute(
      `insert into site_settings (id, site_name, site_description, crypto1_label, crypto2_label, crypto3_label, theme, kick_channel_slug, logo_url, terms_text, privacy_text)
       values (1, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?) on conflict (id) do nothing`,
      [
        SITE_DEFAULTS.siteName,
        SITE_DEFAULTS.siteDescription,
        SITE_DEFAULTS.crypto1Label,
        SITE_DEFAULTS.crypto2Label,
        SITE_DEFAULTS.crypto3Label,
        JSON.stringify(SITE_DEFAULTS.theme),
        SITE_DEFAULTS.kickChannelSlug,
        SITE_DEFAULTS.logoUrl,
        SITE_DEFAULTS.termsText,
        SITE_DEFAULTS.privacyText,
      ],
    );
  }
}
