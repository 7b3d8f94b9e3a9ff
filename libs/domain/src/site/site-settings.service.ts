import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_THEME,
  type AdminSiteSettings,
  type LegalPage,
  type SiteSettings,
  type UpdateSiteSettingsRequest,
} from '@kickback/contracts';
import { AuditLogService, OutboxService, VersionedAnswerCache } from '@kickback/platform';
import { SiteSettingsRow } from './site-settings.entity';
import { SiteRepository } from './site.repository';
import { SITE_ANSWERS } from './site-cache';

function toPublic(row: SiteSettingsRow): SiteSettings {
  return {
    site_name: row.siteName,
    site_description: row.siteDescription,
    casino: { crypto1_label: row.crypto1Label, crypto2_label: row.crypto2Label, crypto3_label: row.crypto3Label },
    // Keys added to the theme after a row was saved fall back to their defaults.
    theme: { ...DEFAULT_THEME, ...row.theme },
    kick_channel_slug: row.kickChannelSlug,
    logo_url: row.logoUrl,
    powered_by: { label: row.poweredByLabel, url: row.poweredByUrl },
  };
}

function toAdmin(row: SiteSettingsRow): AdminSiteSettings {
  return { ...toPublic(row), terms_text: row.termsText, privacy_text: row.privacyText, updated_at: row.updatedAt.toISOString() };
}

@Injectable()
export class SiteSettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly answers: VersionedAnswerCache,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly repository: SiteRepository,
  ) {}

  /** Public settings, one shared answer per change; the row is created with defaults on first read. */
  async getPublic(): Promise<SiteSettings> {
    const answer = await this.answers.read(SITE_ANSWERS.settings, async () => ({
      body: JSON.stringify(toPublic(await this.loadRow(this.em.fork()))),
      meta: null,
    }));
    return JSON.parse(answer.body) as SiteSettings;
  }

  /**
   * The public settings read from the database, past the cache: for what runs on the settings-updated event, which
   * the worker can take before the api has bumped the shared answer's version (until then the old answer is served).
   */
  async readPublic(): Promise<SiteSettings> {
    return toPublic(await this.loadRow(this.em.fork()));
  }

  async getAdmin(): Promise<AdminSiteSettings> {
    return toAdmin(await this.loadRow(this.em.fork()));
  }

  async getLegal(slug: LegalPage['slug']): Promise<LegalPage> {
    const row = await this.loadRow(this.em.fork());
    return {
      slug,
      title: slug === 'terms' ? 'Terms of Service' : 'Privacy Policy',
      body: slug === 'terms' ? row.termsText : row.privacyText,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async update(actorId: number, input: UpdateSiteSettingsRequest): Promise<AdminSiteSettings> {
    const result = await this.audit.audited({ actorId, action: 'site.settings.update', entity: 'site_settings' }, async (tx) => {
      const row = await this.loadRow(tx, true);
      const before = toAdmin(row);
      if (input.site_name !== undefined) row.siteName = input.site_name;
      if (input.site_description !== undefined) row.siteDescription = input.site_description;
      if (input.casino) {
        row.crypto1Label = input.casino.crypto1_label;
        row.crypto2Label = input.casino.crypto2_label;
        row.crypto3Label = input.casino.crypto3_label;
      }
      if (input.theme) row.theme = input.theme;
      if (input.kick_channel_slug !== undefined) row.kickChannelSlug = input.kick_channel_slug;
      if (input.logo_url !== undefined) row.logoUrl = input.logo_url;
      if (input.powered_by) {
        row.poweredByLabel = input.powered_by.label;
        row.poweredByUrl = input.powered_by.url;
      }
      if (input.terms_text !== undefined) row.termsText = input.terms_text;
      if (input.privacy_text !== undefined) row.privacyText = input.privacy_text;
      row.updatedAt = new Date();
      await tx.flush();
      const after = toAdmin(row);
      await this.outbox.add(tx, 'site.settings-updated', { at: after.updated_at });
      return { entityId: 1, before, after };
    });
    await this.answers.invalidate(SITE_ANSWERS.settings);
    return result;
  }

  /** The settings row; a fresh install gets the defaults written once, on first read, instead of on every read. */
  private async loadRow(em: EntityManager, forUpdate = false): Promise<SiteSettingsRow> {
    const lock = forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {};
    const existing = await em.findOne(SiteSettingsRow, { id: 1 }, lock);
    if (existing) return existing;
    await this.repository.insertDefaultSettings(em);
    return em.findOneOrFail(SiteSettingsRow, { id: 1 }, lock);
  }
}
