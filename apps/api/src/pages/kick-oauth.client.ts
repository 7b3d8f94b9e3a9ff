import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { AppConfig } from '@kickback/platform';
import { kickExpiresIn, kickRequest, type KickProfile } from '@kickback/domain';

const tokenSchema = z
  .object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1).optional(),
    token_type: z.string(),
    // Kick's own examples show "": the login never reads it, and it must not refuse the answer.
    expires_in: kickExpiresIn,
  })
  .passthrough();

/** What a member's login gets from Kick: used once to read who they are, then revoked. */
export interface KickLoginTokens {
  accessToken: string;
  refreshToken: string | null;
}
const usersSchema = z.object({
  data: z
    .array(
      z
        .object({
          user_id: z.union([z.number(), z.string()]),
          name: z.string().min(1),
          email: z.string().nullish(),
          profile_picture: z.string().nullish(),
        })
        .passthrough(),
    )
    .min(1),
});

export class KickOAuthError extends Error {}

/**
 * Kick's OAuth 2.1 endpoints for members' login (docs/kick.md "Login / OAuth"); every URL comes from configuration and every call
 * goes through kickRequest (retries on 429/5xx). The tokens are only needed to read who logged in, so they are
 * revoked right after.
 */
@Injectable()
export class KickOAuthClient {
  private readonly logger = new Logger(KickOAuthClient.name);

  constructor(private readonly config: AppConfig) {}

  authorizeUrl(state: string, challenge: string): string {
    const url = new URL('/oauth/authorize', this.config.env.KICK_AUTH_URL);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.env.KICK_CLIENT_ID,
      redirect_uri: this.config.kickRedirectUri,
      state,
      scope: 'user:read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  async exchangeCode(code: string, verifier: string): Promise<KickLoginTokens> {
    const res = await kickRequest(new URL('/oauth/token', this.config.env.KICK_AUTH_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: this.config.env.KICK_CLIENT_ID,
        client_secret: this.config.env.KICK_CLIENT_SECRET,
        redirect_uri: this.config.kickRedirectUri,
        code_verifier: verifier,
      }),
    });
    if (!res.ok) throw new KickOAuthError(`token exchange failed with ${res.status}`);
    const parsed = tokenSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new KickOAuthError('token response malformed');
    return { accessToken: parsed.data.access_token, refreshToken: parsed.data.refresh_token ?? null };
  }

  /**
   * Revokes a login's tokens at Kick (POST /oauth/revoke, token and hint in the query, as Kick documents). Never
   * throws: the member is logged in whatever Kick answers, and a failure is only logged.
   */
  async revoke(tokens: KickLoginTokens): Promise<void> {
    const each: [string, string][] = [[tokens.accessToken, 'access_token']];
    if (tokens.refreshToken) each.push([tokens.refreshToken, 'refresh_token']);
    for (const [token, hint] of each) {
      const url = new URL('/oauth/revoke', this.config.env.KICK_AUTH_URL);
      url.search = new URLSearchParams({ token, token_hint_type: hint }).toString();
      try {
        const res = await kickRequest(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        await res.body?.cancel().catch(() => undefined);
        if (!res.ok) this.logger.warn({ status: res.status, hint }, 'Kick did not revoke a login token');
      } catch (err) {
        this.logger.warn({ err, hint }, 'Kick token revoke failed');
      }
    }
  }

  async currentUser(accessToken: string): Promise<KickProfile> {
    const res = await kickRequest(new URL('/public/v1/users', this.config.env.KICK_API_URL), {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (!res.ok) throw new KickOAuthError(`users endpoint answered ${res.status}`);
    const parsed = usersSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new KickOAuthError('users response malformed');
    return parsed.data.data[0];
  }
}
