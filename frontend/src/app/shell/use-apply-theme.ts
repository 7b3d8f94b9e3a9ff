import { useEffect } from 'react';
import type { SiteSettings } from '@kickback/contracts';
import { applyTheme } from '../../lib/theme';

/** Keeps the document's CSS variables and title in step with the (live) site settings. */
export function useApplyTheme(settings: SiteSettings): void {
  useEffect(() => {
    applyTheme(settings.theme);
  }, [settings.theme]);

  useEffect(() => {
    document.title = settings.site_name;
  }, [settings.site_name]);
}
