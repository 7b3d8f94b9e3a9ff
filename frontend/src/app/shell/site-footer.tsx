import { Link } from 'react-router-dom';
import type { SiteSettings } from '@kickback/contracts';
import { useViewerSafety } from '../../lib/safety-api';
import './site-footer.css';

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  const { powered_by: poweredBy } = settings;
  const safety = useViewerSafety();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__about">
          <p className="site-footer__name">{settings.site_name}</p>
          <p className="site-footer__description">{settings.site_description}</p>
        </div>
        <nav aria-label="Legal" className="site-footer__links">
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </nav>
        {poweredBy.url && (
          <p className="site-footer__powered">
            Powered by{' '}
            <a href={poweredBy.url} target="_blank" rel="noopener noreferrer">
              {poweredBy.label || poweredBy.url}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        {safety && (
          <p className="site-footer__safety" data-testid="footer-safety">
            <strong>18+</strong> {safety.terms_line} · Gambling help:{' '}
            <a href={safety.help.url} target="_blank" rel="noopener noreferrer">
              {safety.help.name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <p className="site-footer__copyright">
          © {new Date().getFullYear()} {settings.site_name}
        </p>
      </div>
    </footer>
  );
}
