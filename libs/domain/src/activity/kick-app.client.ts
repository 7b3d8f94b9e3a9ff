import { Injectable } from '@nestjs/common';
import { AppConfig } from '@kickback/platform';

export interface SubscribeResult {
  name: string;
  version: number;
  subscription_id: string | null;
  error: string | null;
}

export interface ListedSubscription {
  id: string;
  event: string;
  version: number;
  broadcaster_user_id: number;
}

/**
 * Kick's API with the app's own token (client_credentials, KICK_CLIENT_ID/SECRET): event subscriptions for the
 * channel and bot messages in its chat. The token is kept until shortly before it expires.
 */
@Injectable()
export class KickAppClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: AppConfig) {}

  async subscribe(broadcasterUserId: number, events: readonly string[]): Promise<SubscribeResult[]> {
    const body = await this.call<{ data: SubscribeResult[] }>('POST', '/public/v1/events/subscriptions', {
      broadcaster_user_id: broadcasterUserId,
      events: events.map((name) => ({ name, version: 1 })),
      method: 'webhook',
    });
    return body.data;
  }

  async list(): Promise<ListedSubscription[]> {
    return (await this.call<{ data: ListedSubscription[] }>('GET', '/public/v1/events/subscriptions')).data;
  }

  async unsubscribe(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const query = new URLSearchParams(ids.map((id): [string, string] => ['id', id]));
    await this.call('DELETE', `/public/v1/events/subscriptions?${query}`);
  }

  async sendBotMessage(broadcasterUserId: number, content: string): Promise<void> {
    await this.call('POST', '/public/v1/chat', { broadcaster_user_id: broadcasterUserId, content: content.slice(0, 500), type: 'bot' });
  }

  private async call<T>(method: string, path: string, json?: unknown): Promise<T> {
    const res = await fetch(new URL(path, this.config.env.KICK_API_URL), {
      method,
      headers: { authorization: `Bearer ${await this.appToken()}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 401) this.token = null;
    if (!res.ok) throw new Error(`Kick ${method} ${path.split('?')[0]}: HTTP ${res.status}`);
    return (res.status === 204 ? {} : await res.json()) as T;
  }

  private async appToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const res = await fetch(new URL('/oauth/token', this.config.env.KICK_AUTH_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.config.env.KICK_CLIENT_ID,
        client_secret: this.config.env.KICK_CLIENT_SECRET,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`Kick app token: HTTP ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000 };
    return this.token.value;
  }
}
