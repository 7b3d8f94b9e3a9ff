import { Link } from 'react-router-dom';

export default function AdminNotFoundPage() {
  return (
    <div className="admin-page">
      <h1>Page Not Found</h1>
      <p>This admin page doesn't exist.</p>
      <Link to="/" className="button button--primary">
        Back to Admin Home
      </Link>
    </div>
  );
}
