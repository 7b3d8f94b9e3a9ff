/** /login with the page to come back to; the server keeps only same-site paths (apps/api/src/pages/return-path.ts). */
export function loginHref(returnTo: string): string {
  if (!returnTo.startsWith('/') || returnTo === '/') return '/login';
  return `/login?${new URLSearchParams({ next: returnTo }).toString()}`;
}
