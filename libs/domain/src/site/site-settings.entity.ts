import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { Theme } from '@kickback/contracts';

/** One row (id = 1) holding the site-wide settings admins edit. */
@Entity({ tableName: 'site_settings' })
export class SiteSettingsRow {
  @PrimaryKey({ type: 'smallint' })
  id = 1;

  @Property({ type: 'string' })
  siteName!: string;

  @Property({ type: 'string' })
  siteDescription!: string;

  @Property({ type: 'string', fieldName: 'crypto1_label' })
  crypto1Label!: string;

  @Property({ type: 'string', fieldName: 'crypto2_label' })
  crypto2Label!: string;

  @Property({ type: 'string', fieldName: 'crypto3_label' })
  crypto3Label!: string;

  @Property({ type: 'json' })
  theme!: Theme;

  @Property({ type: 'string' })
  kickChannelSlug!: string;

  @Property({ type: 'string', nullable: true })
  logoUrl: string | null = null;

  @Property({ type: 'string' })
  poweredByLabel = 'Kickback';

  @Property({ type: 'string' })
  poweredByUrl = 'https://kick.com';

  @Property({ type: 'text' })
  termsText = '';

  @Property({ type: 'text' })
  privacyText = '';

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
