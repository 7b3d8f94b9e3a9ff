import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppConfig } from '@kickback/platform';
import type { KickProfile } from '@kickback/domain';

const tokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string(), expires_in: z.number().optional() }).passthrough();
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

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Kick's OAuth 2.1 endpoints (INTEGRATIONS.md); every URL comes from configuration. */
@Injectable()
export class KickOAuthClient {
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

  async exchangeCode(code: string, verifier: string): Promise<string> {
    const res = await fetch(new URL('/oauth/token', this.config.env.KICK_AUTH_URL), {
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
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new KickOAuthError(`token exchange failed with ${res.status}`);
    const parsed = tokenSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new KickOAuthError('token response malformed');
    return parsed.data.access_token;
  }

  async currentUser(accessToken: string): Promise<KickProfile> {
    const res = await fetch(new URL('/public/v1/users', this.config.env.KICK_API_URL), {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new KickOAuthError(`users endpoint answered ${res.status}`);
    const parsed = usersSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new KickOAuthError('users response malformed');
    return parsed.data.data[0];
  }
}
