import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { FakeKickChannels } from './fake-kick-channels';
import { FakeKickEvents, type FakeUserToken } from './fake-kick-events';
import { FakeKickChannelSettings } from './fake-kick-channel-settings';
import { body, json } from './fake-http';

export interface FakeKickUser {
  user_id: number;
  name: string;
  email: string;
  profile_picture: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  user: FakeKickUser;
  scopes: string[];
  used: boolean;
}

interface IssuedToken {
  user: FakeKickUser;
  scopes: string[];
}

interface IssuedRefreshToken extends IssuedToken {
  /** By the fake's clock (`events.now`). */
  expiresAt: number;
}

/**
 * Kick's OAuth 2.1 server and users endpoint as docs/kick.md describes them: authorization
 * code + PKCE S256, form-encoded token exchange with client secret, single-use codes, user tokens
 * carrying the scopes asked for, refresh tokens reusable until they expire (docs/kick.md "Tokens": KickDevDocs issue
 * 52 and pull request 291 made them reusable, issue 397 reports them dying 30 days after issue), POST /oauth/revoke, and
 * GET /public/v1/users for the token's owner. `nextUser` picks who "logs in"; `deny` makes the
 * consent screen refuse. `events` is Kick's events side: app tokens (client_credentials), the
 * public key, subscriptions, the chat API and signed webhook deliveries.
 */
export class FakeKickServer {
  private server: Server | null = null;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, IssuedRefreshToken>();
  nextUser: FakeKickUser = {
    user_id: 9001,
    name: 'kick_viewer',
    email: 'viewer@example.com',
    profile_picture: 'https://files.kick.com/avatar.png',
  };
  deny = false;
  url = '';
  readonly tokenRequests: Record<string, string>[] = [];
  /** Every user token pair issued (code exchange and refresh), in order: tests compare what the product stored. */
  readonly issued: { access_token: string; refresh_token: string }[] = [];
  /** Tokens revoked through POST /oauth/revoke, in order. */
  readonly revoked: string[] = [];
  /** expires_in of user tokens (Kick does not document their lifetime; its own examples show `""`). */
  userTokenTtlSeconds: number | '' = 3600;
  /** expires_in of app tokens (client_credentials); Kick's examples show `""` here too. */
  appTokenTtlSeconds: number | '' = 3600;
  /** How long a refresh token keeps working after it was issued, however often it is used (KickDevDocs issue 397). */
  refreshTokenTtlSeconds = 30 * 24 * 3600;
  /** When set, refresh grants answer this status (a 5xx: Kick's outage, not a refused grant). */
  refreshFailure: number | null = null;
  readonly events: FakeKickEvents;
  /** Kick's channel lookup and livestream listing, over `events.channels`. */
  readonly channels: FakeKickChannels;
  /** The channel's bans, rewards and redemptions, changed with user tokens. */
  readonly channel: FakeKickChannelSettings;

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    options: { signingKey?: KeyObject } = {},
  ) {
    this.events = new FakeKickEvents(options.signingKey);
    this.events.userToken = (token) => this.userToken(token);
    this.channels = new FakeKickChannels(this.events.channels);
    this.channel = new FakeKickChannelSettings((token) => this.userToken(token));
  }

  /** Who a live user access token belongs to and what it may do. */
  userToken(token: string): FakeUserToken | undefined {
    const issued = this.tokens.get(token);
    return issued ? { user_id: issued.user.user_id, username: issued.user.name, scopes: issued.scopes } : undefined;
  }

  /** Listens on `port` (0: any free one; the browser tests use a fixed one the product is configured with). */
  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.route(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') return this.authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/oauth/token') return this.token(await body(req), res);
    if (req.method === 'POST' && url.pathname === '/oauth/revoke') return this.revoke(url, res);
    if (req.method === 'GET' && url.pathname === '/public/v1/users') return this.users(req, res);
    if (/^\/public\/v1\//.test(url.pathname) && (await this.channel.route(req, url, res))) return;
    if (this.channels.route(req, url, res, this.events.isIssued(req))) return;
    if (/^\/public\/v[12]\//.test(url.pathname) && (await this.events.route(req, url, res))) return;
    json(res, 404, { message: 'not found' });
  }

  private authorize(url: URL, res: ServerResponse): void {
    const q = Object.fromEntries(url.searchParams);
    if (
      q.response_type !== 'code' ||
      q.client_id !== this.clientId ||
      q.code_challenge_method !== 'S256' ||
      !q.code_challenge ||
      !q.state ||
      !q.redirect_uri
    ) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const back = new URL(q.redirect_uri);
    back.searchParams.set('state', q.state);
    if (this.deny) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, {
        clientId: q.client_id,
        redirectUri: q.redirect_uri,
        challenge: q.code_challenge,
        user: this.nextUser,
        scopes: (q.scope ?? '').split(' ').filter(Boolean),
        used: false,
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private token(raw: string, res: ServerResponse): void {
    const form = Object.fromEntries(new URLSearchParams(raw));
    this.tokenRequests.push(form);
    if (form.grant_type === 'client_credentials') {
      if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret) return json(res, 401, { error: 'invalid_client' });
      return json(res, 200, { access_token: this.events.issueAppToken(), token_type: 'Bearer', expires_in: this.appTokenTtlSeconds });
    }
    if (form.grant_type === 'refresh_token') {
      if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret) return json(res, 401, { error: 'invalid_client' });
      if (this.refreshFailure) return json(res, this.refreshFailure, { message: 'Server Error' });
      const held = this.refreshTokens.get(form.refresh_token ?? '');
      if (!held || held.expiresAt <= this.events.now()) return json(res, 400, { error: 'invalid_grant' });
      // A refresh returns a new pair; the refresh token used stays valid until its own expiry.
      return json(res, 200, this.issue({ user: held.user, scopes: held.scopes }));
    }
    const issued = this.codes.get(form.code ?? '');
    if (form.grant_type !== 'authorization_code' || form.client_id !== this.clientId || form.client_secret !== this.clientSecret) {
      return json(res, 401, { error: 'invalid_client' });
    }
    if (!issued || issued.used || issued.redirectUri !== form.redirect_uri) return json(res, 400, { error: 'invalid_grant' });
    const challenge = createHash('sha256')
      .update(form.code_verifier ?? '')
      .digest('base64url');
    if (challenge !== issued.challenge) return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
    issued.used = true;
    json(res, 200, this.issue({ user: issued.user, scopes: issued.scopes }));
  }

  private issue(grant: IssuedToken) {
    const accessToken = randomBytes(20).toString('hex');
    const refreshToken = randomBytes(20).toString('hex');
    this.tokens.set(accessToken, grant);
    this.refreshTokens.set(refreshToken, { ...grant, expiresAt: this.events.now() + this.refreshTokenTtlSeconds * 1000 });
    this.issued.push({ access_token: accessToken, refresh_token: refreshToken });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      refresh_token: refreshToken,
      expires_in: this.userTokenTtlSeconds,
      scope: grant.scopes.join(' '),
    };
  }

  private revoke(url: URL, res: ServerResponse): void {
    const token = url.searchParams.get('token');
    if (!token) return json(res, 400, { error: 'Invalid request' });
    this.tokens.delete(token);
    this.refreshTokens.delete(token);
    this.revoked.push(token);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('OK');
  }

  private users(req: IncomingMessage, res: ServerResponse): void {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const issued = token ? this.tokens.get(token) : undefined;
    if (!issued) return json(res, 401, { message: 'Unauthorized' });
    json(res, 200, { data: [issued.user], message: 'OK' });
  }
}
