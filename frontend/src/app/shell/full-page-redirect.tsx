import { useEffect } from 'react';
import { fullPageLoad } from '../../lib/http';

/**
 * Reached only when the router itself lands on a server-rendered path (for example after a
 * client-side redirect); hands the URL to the server with a real navigation.
 */
export function FullPageRedirect({ to }: { to: string }) {
  useEffect(() => {
    fullPageLoad(to + window.location.search, true);
  }, [to]);
  return (
    <p className="route-fallback" role="status">
      Redirecting...
    </p>
  );
}
