import type { AdminSiteSettings, Theme, UpdateSiteSettingsRequest } from '@kickback/contracts';
import { updateSiteSettingsSchema } from '@kickback/contracts/api/site';
import { resolveTheme } from '../../lib/theme';

export interface SettingsFormState {
  site_name: string;
  site_description: string;
  kick_channel_slug: string;
  logo_url: string;
  powered_by: { label: string; url: string };
  casino: { crypto1_label: string; crypto2_label: string; crypto3_label: string };
  theme: Theme;
  terms_text: string;
  privacy_text: string;
}

export function toFormState(settings: AdminSiteSettings): SettingsFormState {
  return {
    site_name: settings.site_name ?? '',
    site_description: settings.site_description ?? '',
    kick_channel_slug: settings.kick_channel_slug ?? '',
    logo_url: settings.logo_url ?? '',
    powered_by: { label: settings.powered_by?.label ?? '', url: settings.powered_by?.url ?? '' },
    casino: {
      crypto1_label: settings.casino?.crypto1_label ?? '',
      crypto2_label: settings.casino?.crypto2_label ?? '',
      crypto3_label: settings.casino?.crypto3_label ?? '',
    },
    theme: resolveTheme(settings.theme),
    terms_text: settings.terms_text ?? '',
    privacy_text: settings.privacy_text ?? '',
  };
}

export function toRequest(form: SettingsFormState): UpdateSiteSettingsRequest {
  return { ...form, logo_url: form.logo_url.trim() || null };
}

/** The same schema the server applies, so most mistakes are caught before the round trip. Keys are dotted paths. */
export function validateSettings(request: UpdateSiteSettingsRequest): Record<string, string> {
  const result = updateSiteSettingsSchema.safeParse(request);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
