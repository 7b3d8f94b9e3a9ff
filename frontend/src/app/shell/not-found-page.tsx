import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <section className="page container">
      <div className="card empty-state">
        <p className="empty-state__code" aria-hidden="true">
          404
        </p>
        <h1 className="empty-state__title">Page Not Found</h1>
        <p className="empty-state__text">The page you're looking for doesn't exist or has moved.</p>
        <Link to="/" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
