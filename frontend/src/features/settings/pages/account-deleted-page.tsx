import { Link } from 'react-router-dom';

/**
 * Where a member lands after deleting their account (a full page load, the session already gone): it says what
 * happened, so the deletion does not look like a logout or a fault.
 */
export default function AccountDeletedPage() {
  return (
    <section className="page container">
      <div className="card empty-state" data-testid="account-deleted">
        <h1 className="empty-state__title">Your account has been deleted</h1>
        <p className="empty-state__text">
          You are logged out everywhere. Your profile, Kick link, e-mail, friends and support tickets are gone; raffle wins and predictions
          you made stay in their results as &ldquo;Deleted member&rdquo;, so past draws can still be checked.
        </p>
        <p className="empty-state__text">Logging in with Kick again starts a new account with no points.</p>
        <Link to="/" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
