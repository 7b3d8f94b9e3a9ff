// A browser-like HTTP client for the image check: keeps the session cookie and the CSRF token the api hands out.

export class HttpClient {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
    this.csrfToken = null;
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method, path, { form, multipart, headers = {} } = {}) {
    const h = { origin: this.base, ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader;
    if (this.csrfToken && method !== 'GET') h['x-csrf-token'] = this.csrfToken;
    let body;
    if (form) body = new URLSearchParams(form);
    if (multipart) body = multipart;
    const res = await fetch(this.base + path, { method, headers: h, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  async json(method, path, options) {
    const res = await this.request(method, path, options);
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      return { status: res.status, body: text };
    }
  }

  /** GET /api/r/session: the session's CSRF token (and the member, once logged in). */
  async session() {
    const { status, body } = await this.json('GET', '/api/r/session');
    if (status !== 200) throw new Error(`GET /api/r/session answered ${status}`);
    this.csrfToken = body.data.csrfToken;
    return body.data;
  }

  /** The demo login as a person does it: the /login page lists the seeded accounts; its form posts one. */
  async demoLogin(role) {
    const page = await this.request('GET', '/login');
    const html = await page.text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
    const users = [...html.matchAll(/name="user_id" value="(\d+)">([^<]*)<span>([^<]*)<\/span>/g)].map((m) => ({
      id: m[1],
      username: m[2].trim(),
      role: m[3],
    }));
    const user = users.find((u) => u.role === role);
    if (!csrf || !user) throw new Error(`the login page offers no demo ${role} (status ${page.status})`);
    const res = await this.request('POST', '/login/dev', { form: { _csrf: csrf, user_id: user.id } });
    if (res.status !== 303 || res.headers.get('location') !== '/')
      throw new Error(`demo login answered ${res.status} ${res.headers.get('location')}`);
    const session = await this.session();
    return { user, session };
  }
}
