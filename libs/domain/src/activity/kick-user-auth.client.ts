import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { KICK_CONNECTION_SCOPES } from '@kickback/contracts';
import { AppConfig } from '@kickback/platform';
import { KickHttpError } from './kick-app.client';
import { kickRequest } from './kick-request';
import { kickExpiresIn, tokenExpiresAt } from './kick-token-expiry';

const tokenSchema = z
  .object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1).optional(),
    expires_in: kickExpiresIn,
    scope: z.string().optional(),
  })
  .passthrough();
const usersSchema = z.object({
  data: z.array(z.object({ user_id: z.coerce.number().int().positive(), name: z.string().min(1) }).passthrough()).min(1),
});

/**
 * Kick refused a token request. `invalid_grant` (OAuth: the refresh token is revoked, expired or already used), or any
 * other 4xx but 429 (Kick documents a refused refresh as 400 `{ error: "Invalid request" }`), means only a new
 * connection helps; a 5xx or 429 (after kickRequest's retries) may pass.
 */
export class KickTokenRefusal extends KickHttpError {
  readonly reconnectNeeded: boolean;

  constructor(
    status: number,
    what: string,
    readonly oauthError: string | null,
  ) {
    super(status, oauthError ? `${what}: ${oauthError}` : what);
    this.reconnectNeeded = oauthError === 'invalid_grant' || (status >= 400 && status < 500 && status !== 429);
  }
}

export interface KickTokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  scopes: string[];
}

/** Kick's OAuth 2.1 endpoints for the streamer's connection: authorize with PKCE, exchange, refresh, revoke. */
@Injectable()
export class KickUserAuthClient {
  constructor(private readonly config: AppConfig) {}

  /** The app's one registered redirect URL, shared with the member login (the state tells the two apart). */
  get redirectUri(): string {
    return this.config.kickRedirectUri;
  }

  authorizeUrl(state: string, challenge: string): string {
    const url = new URL('/oauth/authorize', this.config.env.KICK_AUTH_URL);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.env.KICK_CLIENT_ID,
      redirect_uri: this.redirectUri,
      state,
      scope: KICK_CONNECTION_SCOPES.join(' '),
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  exchangeCode(code: string, verifier: string): Promise<KickTokenSet> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: this.redirectUri, code_verifier: verifier });
  }

  refresh(refreshToken: string): Promise<KickTokenSet> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
    const url = new URL('/oauth/revoke', this.config.env.KICK_AUTH_URL);
    url.search = new URLSearchParams({ token, token_hint_type: hint }).toString();
    const res = await kickRequest(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new KickHttpError(res.status, 'token revoke');
  }

  async currentUser(accessToken: string): Promise<{ kickUserId: number; username: string }> {
    const res = await kickRequest(new URL('/public/v1/users', this.config.env.KICK_API_URL), {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (!res.ok) throw new KickHttpError(res.status, 'users');
    const user = usersSchema.parse(await res.json()).data[0]!;
    return { kickUserId: user.user_id, username: user.name };
  }

  private async token(grant: Record<string, string>): Promise<KickTokenSet> {
    const res = await kickRequest(new URL('/oauth/token', this.config.env.KICK_AUTH_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ ...grant, client_id: this.config.env.KICK_CLIENT_ID, client_secret: this.config.env.KICK_CLIENT_SECRET }),
    });
    if (!res.ok) {
      const refusal = (await res.json().catch(() => null)) as { error?: unknown } | null;
      throw new KickTokenRefusal(res.status, `token (${grant.grant_type})`, typeof refusal?.error === 'string' ? refusal.error : null);
    }
    const body = tokenSchema.parse(await res.json());
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      // Kick documents expires_in without a unit or a default (its examples show ""): seconds, an hour when unknown.
      expiresAt: tokenExpiresAt(body.expires_in),
      scopes: (body.scope ?? '').split(/[\s,]+/).filter(Boolean),
    };
  }
}
