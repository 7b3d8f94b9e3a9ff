import { DEFAULT_THEME, type Theme } from '@kickback/contracts';

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

/** The CSS custom properties the stylesheets read; see styles/global.css. */
export function themeCssVariables(theme: Theme): Record<string, string> {
  return {
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
