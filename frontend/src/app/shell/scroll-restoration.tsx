import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'kickback:scroll-positions';
/** Entries kept across a reload; older history entries lose their remembered position. */
const MAX_REMEMBERED = 50;

function readRemembered(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(stored))
      return new Map(stored.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number'));
  } catch {
    // A private window without storage, or a value another tab mangled: positions start afresh.
  }
  return new Map();
}

/**
 * Where the window was scrolled for each history entry, as the data router's ScrollRestoration did: a new page opens at
 * its top (or at its #anchor, which the page scrolls to itself), Back and Forward return to where the reader was, and
 * a reload keeps the place. The app uses the declarative router, which has no such component, because the data
 * router's code would be about 16 KB more of the first page's JavaScript.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= readRemembered();
  const currentKey = useRef(location.key);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.current!.set(currentKey.current, window.scrollY);
    const persist = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions.current!].slice(-MAX_REMEMBERED)));
      } catch {
        // Storage full or refused: Back still works within this page load.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const remembered = positions.current!.get(location.key);
    if (navigationType === 'POP' && remembered !== undefined) window.scrollTo(0, remembered);
    else if (navigationType !== 'POP' && !location.hash) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
