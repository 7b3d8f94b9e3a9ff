export function RouteFallback() {
  return (
    <div className="route-fallback" role="status">
      <span className="visually-hidden">Loading page</span>
      <span className="route-fallback__spinner" aria-hidden="true" />
    </div>
  );
}
