import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { STREAM_LINKS } from './nav-links';

/** The "Stream" disclosure group of the main navigation. */
export function StreamMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLLIElement>(null);
  const { pathname } = useLocation();
  const active = STREAM_LINKS.some((link) => pathname.startsWith(link.to));

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <li className="nav-group" ref={containerRef}>
      <button
        type="button"
        className={active ? 'nav-link nav-group__toggle nav-link--active' : 'nav-link nav-group__toggle'}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        Stream
        <span className="nav-group__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul id={menuId} className={open ? 'nav-group__menu nav-group__menu--open' : 'nav-group__menu'}>
        {STREAM_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={({ isActive }) => (isActive ? 'nav-link nav-link--active' : 'nav-link')}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
