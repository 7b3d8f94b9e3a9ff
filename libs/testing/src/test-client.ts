/** The age-gate cookie a browser keeps once its viewer answered "Yes" (apps/api safety, docs/responsible-gambling.md). */
export const AGE_CONFIRMED_COOKIE: readonly [string, string] = ['kb_age', '18'];

/**
 * A browser-like HTTP client for integration tests: keeps cookies, knows its CSRF token,
 * and logs in through the same demo-login form a person uses. It starts as a browser whose viewer already told the
 * age gate they are 18 or over, since most tests are about what such a viewer sees; `forgetAgeAnswer()` makes it
 * a browser that was never asked.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>([AGE_CONFIRMED_COOKIE]);
  csrfToken: string | null = null;

  forgetAgeAnswer(): this {
    this.cookies.delete(AGE_CONFIRMED_COOKIE[0]);
    return this;
  }

  constructor(
    readonly baseUrl: string,
    private readonly origin = baseUrl,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    options: {
      json?: unknown;
      form?: Record<string, string>;
      /** A body sent as given (a multipart form, or a file's text with its content-type in `headers`). */
      body?: string | FormData;
      headers?: Record<string, string>;
      csrf?: boolean;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { origin: this.origin, ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      body = options.body;
    }
    if (options.csrf !== false && method !== 'GET' && this.csrfToken) headers['x-csrf-token'] ??= this.csrfToken;
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }

  async json<T = any>(
    method: string,
    path: string,
    json?: unknown,
    options: { csrf?: boolean } = {},
  ): Promise<{ status: number; body: T }> {
    const res = await this.request(method, path, { json, csrf: options.csrf });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Loads the session bootstrap, which creates the session and its CSRF token. */
  async refreshCsrf(): Promise<string> {
    const res = await this.get('/api/r/session');
    const body = (await res.json()) as { data: { csrfToken: string } };
    this.csrfToken = body.data.csrfToken;
    return this.csrfToken;
  }

  async loginAs(userId: number): Promise<void> {
    const token = await this.refreshCsrf();
    const res = await this.request('POST', '/login/dev', { form: { _csrf: token, user_id: String(userId) }, csrf: false });
    if (res.status !== 303 || res.headers.get('location') !== '/')
      throw new Error(`demo login failed: ${res.status} ${res.headers.get('location')}`);
    await this.refreshCsrf();
  }
}
