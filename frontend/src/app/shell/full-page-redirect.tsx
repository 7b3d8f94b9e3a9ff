import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { fullPageLoad } from '../../lib/http';

/**
 * /login and /admin-new are server pages. The router only lands here after a client-side
 * navigation, so the same URL is handed to the server with a real page load. If the SPA itself was
 * served for this URL (the initial location), reloading would loop, so a link is offered instead.
 */
export function FullPageRedirect({ label }: { label: string }) {
  const location = useLocation();
  const target = location.pathname + location.search;
  const initialLoad = location.key === 'default';

  useEffect(() => {
    if (!initialLoad) fullPageLoad(target, true);
  }, [initialLoad, target]);

  if (!initialLoad) {
    return (
      <p className="route-fallback" role="status">
        Redirecting...
      </p>
    );
  }
  return (
    <section className="page container">
      <div className="card empty-state">
        <h1 className="empty-state__title">{label}</h1>
        <a className="button button--primary" href={target}>
          Continue to {label}
        </a>
      </div>
    </section>
  );
}
