/**
 * Plain values with no zod import, so the site's first load can use them without shipping
 * the schema library (the admin app and the server get zod through api/site.ts).
 */
export const LOADER_STYLES = ['bar', 'spinner', 'pulse'] as const;

export interface ThemeDefaults {
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  background_gradient_start: string;
  background_gradient_middle: string;
  background_gradient_end: string;
  card_background: string;
  nav_background_color: string;
  show_nav_logo: boolean;
  show_nav_title: boolean;
  nav_title_color: string;
  loader_style: (typeof LOADER_STYLES)[number];
}

/** SPEC §9 default colours; the rest chosen to sit with them on a dark page. */
export const DEFAULT_THEME: ThemeDefaults = {
  primary_color: '#C66A35',
  secondary_color: '#f63f03',
  accent_color: '#f4a460',
  background_gradient_start: '#0f0805',
  background_gradient_middle: '#1a0f0a',
  background_gradient_end: '#0f0805',
  card_background: '#1c120d',
  nav_background_color: '#0f0805',
  show_nav_logo: true,
  show_nav_title: true,
  nav_title_color: '#ffffff',
  loader_style: 'bar',
};

export const DEFAULT_SITE_NAME = 'Kickback';
export const DEFAULT_SITE_DESCRIPTION = 'Watch the stream, earn points, win prizes.';
