import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { fullPageLoad } from '../../../lib/http';
import { useCurrentUser } from '../../../lib/session';

/** /profile: members go to their own public profile, visitors to the (server) login page. */
export default function OwnProfileRedirect() {
  const user = useCurrentUser();
  useEffect(() => {
    if (!user) fullPageLoad('/login', true);
  }, [user]);
  if (!user) {
    return (
      <p className="route-fallback" role="status">
        Redirecting to login...
      </p>
    );
  }
  return <Navigate to={`/profile/${encodeURIComponent(user.username)}`} replace />;
}
