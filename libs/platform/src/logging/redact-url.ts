/** Query parameters whose values are credentials: OAuth codes and state, tokens a provider may append. */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'refresh_token', 'id_token', 'code_verifier']);

/** The request URL as logged: secret query values become [Redacted], everything else stays readable. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url || !url.includes('?')) return url;
  const [path, query] = [url.slice(0, url.indexOf('?')), url.slice(url.indexOf('?') + 1)];
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = decodeURIComponentSafe(eq === -1 ? part : part.slice(0, eq)).toLowerCase();
    return SECRET_PARAMS.has(name) && eq !== -1 ? `${part.slice(0, eq)}=[Redacted]` : part;
  });
  return `${path}?${parts.join('&')}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
