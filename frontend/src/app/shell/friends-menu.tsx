import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetFriendsBadgeQuery } from '../../lib/friends-badge-api';
import { useDismiss } from './use-dismiss';
import './friends-menu.css';

// The panel's actions carry the friends contract (and zod) with them: loaded when first opened, not with the shell.
const FriendsMenuPanel = lazy(() => import('./friends-menu-panel'));

/**
 * The top navigation's friends menu (SPEC Friends tab: "manage friends through the top navigation"): the pending
 * requests count, injected with the page and kept live by 'friends:updated', and a panel with the requests and the
 * current friends, read only once it is opened.
 */
export function FriendsMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLLIElement>(null);
  const { pathname } = useLocation();
  const { data } = useGetFriendsBadgeQuery();
  const pending = data?.pending_count ?? 0;
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => setOpen(false), [pathname]);
  useDismiss(open, containerRef, close);

  return (
    <li className="nav-group friends-menu" ref={containerRef}>
      <button
        type="button"
        className="nav-link nav-group__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="friends-menu-toggle"
        onClick={() => setOpen((value) => !value)}
      >
        Friends
        {pending > 0 && (
          <span className="friends-menu__count" data-testid="friends-pending-count">
            {pending}
            <span className="visually-hidden"> pending {pending === 1 ? 'request' : 'requests'}</span>
          </span>
        )}
      </button>
      <div id={panelId} className={open ? 'friends-menu__panel friends-menu__panel--open' : 'friends-menu__panel'}>
        {open && (
          <Suspense
            fallback={
              <p className="friends-menu__muted" role="status">
                Loading friends...
              </p>
            }
          >
            <FriendsMenuPanel />
          </Suspense>
        )}
      </div>
    </li>
  );
}
