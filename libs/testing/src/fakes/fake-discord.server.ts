import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { body, json } from './fake-http';

export interface DiscordExecution {
  webhookId: string;
  at: number;
  /** What the fake answered: 204 executed, 429 rate limited, 4xx refused. */
  status: number;
  body: any;
}

/**
 * Discord's Execute Webhook as its documentation describes it, on a local port:
 * POST {base}/webhooks/{webhook.id}/{webhook.token}[?wait=true] with a JSON body holding `content` or `embeds`
 * (https://discord.com/developers/docs/resources/webhook#execute-webhook) → 204, or 200 and the message with wait=true;
 * an unknown webhook 404 (code 10015), a wrong token 401 (code 50027), an empty message 400 (code 50006), an embed
 * over its limits 400 (code 50035).
 * Rate limits (https://discord.com/developers/docs/topics/rate-limits): every answer carries X-RateLimit-Limit,
 * -Remaining, -Reset, -Reset-After and -Bucket for the webhook's bucket; a request with none remaining gets 429 with
 * `{ message, retry_after, global }`, Retry-After and X-RateLimit-Scope. `forceLimited` answers the next requests
 * with a 429 whatever the bucket holds (a shared or global limit the client cannot predict).
 */
export class FakeDiscordServer {
  private server: Server | null = null;
  url = '';
  /** Known webhooks: id → token. */
  readonly webhooks = new Map<string, string>();
  readonly executions: DiscordExecution[] = [];
  /** Requests per bucket window (Discord does not promise a number; clients must read the headers). */
  limit = 5;
  windowMs = 2_000;
  forceLimited = 0;
  forcedRetryAfter = 0.3;
  private readonly buckets = new Map<string, { remaining: number; resetAt: number }>();

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.route(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The base to configure as DISCORD_API_URL. */
  get apiBase(): string {
    return `${this.url}/api/v10`;
  }

  delivered(webhookId: string): DiscordExecution[] {
    return this.executions.filter((e) => e.webhookId === webhookId && e.status < 300);
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const match = /^\/api\/v10\/webhooks\/(\d+)\/([\w-]+)$/.exec(url.pathname);
    const raw = await body(req);
    if (req.method !== 'POST' || !match) return json(res, 404, { message: '404: Not Found', code: 0 });
    const [, id, token] = match as unknown as [string, string, string];
    const record = (status: number, payload: unknown) => {
      this.executions.push({ webhookId: id, at: Date.now(), status, body: safeParse(raw) });
      json(res, status, payload);
    };
    if (!this.webhooks.has(id)) return record(404, { message: 'Unknown Webhook', code: 10015 });
    if (this.webhooks.get(id) !== token) return record(401, { message: 'Invalid Webhook Token', code: 50027 });

    const now = Date.now();
    let bucket = this.buckets.get(id);
    if (!bucket || bucket.resetAt <= now) bucket = { remaining: this.limit, resetAt: now + this.windowMs };
    this.buckets.set(id, bucket);
    if (this.forceLimited > 0 || bucket.remaining === 0) {
      const forced = this.forceLimited > 0;
      if (forced) this.forceLimited--;
      const retryAfter = forced ? this.forcedRetryAfter : (bucket.resetAt - now) / 1000;
      res.setHeader('retry-after', String(Math.ceil(retryAfter)));
      res.setHeader('x-ratelimit-scope', forced ? 'shared' : 'user');
      this.limitHeaders(res, id, bucket);
      return record(429, { message: 'You are being rate limited.', retry_after: retryAfter, global: false });
    }
    bucket.remaining--;
    this.limitHeaders(res, id, bucket);

    const message = safeParse(raw) as { content?: string; embeds?: { title?: string; description?: string; fields?: unknown[] }[] } | null;
    if (!message || (!message.content && !message.embeds?.length))
      return record(400, { message: 'Cannot send an empty message', code: 50006 });
    const badEmbed = message.embeds?.find(
      (e) => (e.title?.length ?? 0) > 256 || (e.description?.length ?? 0) > 4096 || (e.fields?.length ?? 0) > 25,
    );
    if (badEmbed || (message.embeds?.length ?? 0) > 10) return record(400, { message: 'Invalid Form Body', code: 50035 });
    if (url.searchParams.get('wait') === 'true') return record(200, { id: String(this.executions.length + 1), webhook_id: id, ...message });
    this.executions.push({ webhookId: id, at: Date.now(), status: 204, body: message });
    res.writeHead(204);
    res.end();
  }

  private limitHeaders(res: ServerResponse, id: string, bucket: { remaining: number; resetAt: number }): void {
    res.setHeader('x-ratelimit-limit', String(this.limit));
    res.setHeader('x-ratelimit-remaining', String(bucket.remaining));
    res.setHeader('x-ratelimit-reset', String(bucket.resetAt / 1000));
    res.setHeader('x-ratelimit-reset-after', String(Math.max(0, bucket.resetAt - Date.now()) / 1000));
    res.setHeader('x-ratelimit-bucket', `webhook-${id}`);
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
