import { z } from 'zod';
import { imageRef, webUrl } from '../urls';
import { rowIdSchema } from './ids';
import { LOADER_STYLES } from '../site-defaults';
import { EVERYWHERE, countryRuleSchema, type CountryRule } from './safety';

export { DEFAULT_SITE_DESCRIPTION, DEFAULT_SITE_NAME, DEFAULT_THEME, LOADER_STYLES } from '../site-defaults';

const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Must be a hex colour such as #C66A35');

export const themeSchema = z
  .object({
    primary_color: hexColor,
    secondary_color: hexColor,
    accent_color: hexColor,
    background_gradient_start: hexColor,
    background_gradient_middle: hexColor,
    background_gradient_end: hexColor,
    card_background: hexColor,
    nav_background_color: hexColor,
    show_nav_logo: z.boolean(),
    show_nav_title: z.boolean(),
    nav_title_color: hexColor,
    loader_style: z.enum(LOADER_STYLES),
  })
  .strict();
export type Theme = z.infer<typeof themeSchema>;

/** GET /api/r/settings (SPEC §3 Settings). */
export interface SiteSettings {
  site_name: string;
  site_description: string;
  casino: { crypto1_label: string; crypto2_label: string; crypto3_label: string };
  theme: Theme;
  kick_channel_slug: string;
  logo_url: string | null;
  powered_by: { label: string; url: string };
}

/** The legal pages' text, edited by admins and rendered as plain paragraphs. */
export interface LegalPage {
  slug: 'terms' | 'privacy';
  title: string;
  body: string;
  updated_at: string;
}

export const updateSiteSettingsSchema = z
  .object({
    site_name: z.string().trim().min(1).max(80),
    site_description: z.string().trim().max(300),
    casino: z
      .object({
        crypto1_label: z.string().trim().min(1).max(40),
        crypto2_label: z.string().trim().min(1).max(40),
        crypto3_label: z.string().trim().min(1).max(40),
      })
      .strict(),
    theme: themeSchema,
    kick_channel_slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_-]{1,60}$/, 'Letters, digits, - and _ only'),
    logo_url: imageRef().nullable(),
    /** The footer's 'Powered by' link; an empty URL hides it. */
    powered_by: z
      .object({
        label: z.string().trim().max(60, 'At most 60 characters'),
        url: z.union([z.literal(''), webUrl('Must be a full http(s) URL')]),
      })
      .strict(),
    terms_text: z.string().max(50_000),
    privacy_text: z.string().max(50_000),
  })
  .partial()
  .strict();
export type UpdateSiteSettingsRequest = z.infer<typeof updateSiteSettingsSchema>;

/** GET /api/admin/settings: everything an admin edits, including the legal texts. */
export interface AdminSiteSettings extends SiteSettings {
  terms_text: string;
  privacy_text: string;
  updated_at: string;
}

/** SPEC §3 Affiliate. */
export interface Affiliate {
  id: number;
  name: string;
  logo_url: string | null;
  redirect_url: string;
  code: string;
  benefits: string[];
}

export interface AdminAffiliate extends Affiliate {
  position: number;
  is_active: boolean;
  /** Where the card is shown (docs/responsible-gambling.md); a hidden card is left out of the viewer's answers. */
  countries: CountryRule;
}

export const affiliateInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(80),
    logo_url: imageRef().nullable().default(null),
    redirect_url: webUrl('Must be a full URL'),
    code: z.string().trim().min(1, 'Code is required').max(60),
    benefits: z.array(z.string().trim().min(1).max(200)).max(10).default([]),
    is_active: z.boolean().default(true),
    countries: countryRuleSchema.default(EVERYWHERE),
  })
  .strict();
export type AffiliateInput = z.infer<typeof affiliateInputSchema>;
export const affiliateUpdateSchema = affiliateInputSchema.partial().strict();

export const affiliateReorderSchema = z.object({ ids: z.array(rowIdSchema).min(1).max(500) }).strict();

/** GET /api/r/stats/total-given-away */
export interface TotalGivenAway {
  success: true;
  /** Paid payouts, in US dollars. */
  total: number;
  formatted_total: string;
  /** Approved, waiting or processing payouts, present only when the streamer shows them apart (payout settings). */
  pending_total?: number;
  formatted_pending_total?: string;
}

/** POST /api/admin/uploads answer. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  bytes: number;
}
