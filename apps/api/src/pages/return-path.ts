const MAX_RETURN_PATH = 512;
const PROBE_ORIGIN = 'http://return-path.invalid';

/**
 * The page a visitor goes back to after login: only a same-site relative path. `//host`, `/\host`, absolute URLs,
 * control characters and anything that resolves to another origin are refused (null), as are the login pages
 * themselves (no loop).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH) return null;
  // Browsers read a backslash as a slash and drop tabs and newlines, so `/\host` or `/\t/host` would leave the site.
  if (!plainPath(value)) return null;
  let url: URL;
  let decodedPath: string;
  try {
    url = new URL(value, PROBE_ORIGIN);
    // A server or proxy on the way may decode once: `/%09/host` or `/%5Chost` must be refused as their plain forms.
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (!plainPath(decodedPath)) return null;
  if (url.origin !== PROBE_ORIGIN) return null;
  if (/^\/(login|logout|auth)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function plainPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !/[\\\s]/.test(value) && !hasControlCharacter(value);
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** `/login?error=…` keeping where the visitor wanted to go back to. */
export function loginPath(error: string | null, returnTo: string | null): string {
  const query = new URLSearchParams();
  if (error) query.set('error', error);
  if (returnTo) query.set('next', returnTo);
  const text = query.toString();
  return text ? `/login?${text}` : '/login';
}
