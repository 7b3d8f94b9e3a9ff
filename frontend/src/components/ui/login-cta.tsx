import { useLocation } from 'react-router-dom';
import { loginHref } from '../../lib/login-link';

export const LOGIN_CTA_LABEL = 'Log in with Kick';

interface LoginCtaProps {
  /** What the visitor gets by logging in, said beside the button (e.g. "to enter this raffle"). */
  purpose?: string;
  className?: string;
  label?: string;
}

/** The visitor's way in wherever a member-only action stands: a full page load to /login that comes back here. */
export function LoginCta({ purpose, className = 'button button--primary', label = LOGIN_CTA_LABEL }: LoginCtaProps) {
  const { pathname, search, hash } = useLocation();
  return (
    <a href={loginHref(`${pathname}${search}${hash}`)} className={className} data-testid="login-cta">
      {label}
      {purpose && <span className="visually-hidden"> {purpose}</span>}
    </a>
  );
}
