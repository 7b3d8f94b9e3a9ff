import type { Theme } from '@kickback/contracts';
// Values come from the module itself: the package index would pull every feature's zod schemas into the first load.
import { DEFAULT_THEME } from '@kickback/contracts/site-defaults';

/** Settings may predate a theme key; missing or malformed keys fall back to the SPEC §9 defaults. */
export function resolveTheme(theme: Partial<Theme> | null | undefined): Theme {
  const resolved: Theme = { ...DEFAULT_THEME };
  if (!theme) return resolved;
  for (const key of Object.keys(DEFAULT_THEME) as Array<keyof Theme>) {
    const value = theme[key];
    if (typeof value === typeof DEFAULT_THEME[key]) (resolved as unknown as Record<string, unknown>)[key] = value;
  }
  return resolved;
}

const DARK_TEXT = '#140b07';
const LIGHT_TEXT = '#ffffff';

function relativeLuminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? digits.replace(/./g, (c) => c + c) : digits;
  const channels = [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Admins pick any colour, so text on a coloured surface takes whichever of dark or white reads better. */
export function readableTextOn(background: string): string {
  if (!/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(background)) return LIGHT_TEXT;
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/** The CSS custom properties the stylesheets read; see styles/global.css. */
export function themeCssVariables(theme: Theme): Record<string, string> {
  return {
    '--color-on-primary': readableTextOn(theme.primary_color),
    '--color-on-secondary': readableTextOn(theme.secondary_color),
    '--color-primary': theme.primary_color,
    '--color-secondary': theme.secondary_color,
    '--color-accent': theme.accent_color,
    '--bg-gradient-start': theme.background_gradient_start,
    '--bg-gradient-middle': theme.background_gradient_middle,
    '--bg-gradient-end': theme.background_gradient_end,
    '--card-bg': theme.card_background,
    '--nav-bg': theme.nav_background_color,
    '--nav-title-color': theme.nav_title_color,
  };
}

export function applyTheme(theme: Theme, element: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCssVariables(theme))) element.style.setProperty(name, value);
  element.dataset.loaderStyle = theme.loader_style;
}
