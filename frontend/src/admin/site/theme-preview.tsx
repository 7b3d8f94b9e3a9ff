import type { CSSProperties } from 'react';
import type { Theme } from '@kickback/contracts';
import { themeCssVariables } from '../../lib/theme';

interface ThemePreviewProps {
  theme: Theme;
  siteName: string;
  logoUrl: string | null;
}

/** A miniature of the public site painted with the colours being edited, before they are saved. */
export function ThemePreview({ theme, siteName, logoUrl }: ThemePreviewProps) {
  const style = themeCssVariables(theme) as CSSProperties;
  return (
    <figure className="theme-preview" style={style} aria-label="Theme preview">
      <div className="theme-preview__nav">
        {theme.show_nav_logo && <img src={logoUrl || '/favicon.svg'} alt="" width={24} height={24} />}
        {theme.show_nav_title && <span className="theme-preview__title">{siteName || 'Site name'}</span>}
        <span className="theme-preview__links" aria-hidden="true">
          Home · Leaderboard · Store
        </span>
      </div>
      <div className="theme-preview__body">
        <div className="theme-preview__card">
          <p className="theme-preview__heading">Weekly Leaderboard</p>
          <p className="theme-preview__accent">$1,250.00 prize pool</p>
          <div className="theme-preview__actions">
            <span className="theme-preview__button">Primary</span>
            <span className="theme-preview__badge">Secondary</span>
          </div>
        </div>
        <p className="theme-preview__loader">Loader: {theme.loader_style}</p>
      </div>
      <figcaption className="visually-hidden">Preview of the site with the colours in the form</figcaption>
    </figure>
  );
}
