/** Shown when a non-admin opens the admin page; the server refuses its API calls either way. */
export function Forbidden() {
  return (
    <main className="admin-forbidden">
      <div className="card empty-state">
        <p className="empty-state__code" aria-hidden="true">
          403
        </p>
        <h1 className="empty-state__title">Access Denied</h1>
        <p className="empty-state__text">The admin panel is only available to administrators.</p>
        <a href="/" className="button button--primary">
          Back to Site
        </a>
      </div>
    </main>
  );
}

/** Shown inside the panel for a section the signed-in role may not open (a moderator on Site Settings, say). */
export function SectionForbidden() {
  return (
    <div className="card empty-state" data-testid="admin-section-forbidden">
      <p className="empty-state__code" aria-hidden="true">
        403
      </p>
      <h1 className="empty-state__title">Access Denied</h1>
      <p className="empty-state__text">This section is only available to administrators.</p>
    </div>
  );
}
