import { fetch, type Dispatcher } from 'undici';
import { AnswerTooLarge, describeBytes, readCappedText } from '@kickback/platform';
import { SourceError, num, type SourceContext } from './source-adapter';
import { checkHost } from './public-address';
import { pinnedAgent } from './pinned-agent';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRIES = 2;
const BACKOFF_MS = 300;

export interface HttpAnswer {
  status: number;
  text: string;
}

/** Where a request went, without its query string (API keys often travel there). */
const describe = (url: URL) => `${url.origin}${url.pathname}`;

/** Some casinos put the secret in the path (Shuffle's UUID): it never reaches a message. */
function redact(message: string, secret: string | null): string {
  if (!secret) return message;
  return message.split(secret).join('***').split(encodeURIComponent(secret)).join('***');
}

/**
 * GET with a per-attempt timeout (AbortSignal) and exponential backoff between attempts, reading at most
 * ctx.maxAnswerBytes of the answer. Retries network errors, timeouts, 429 and 5xx; any other status, and an answer
 * over the cap, fails at once.
 */
export async function httpGet(ctx: SourceContext, url: URL, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  try {
    return await attempts(ctx, url, headers);
  } catch (err) {
    throw err instanceof SourceError ? new SourceError(redact(err.message, ctx.credentials)) : err;
  }
}

async function attempts(ctx: SourceContext, url: URL, headers: Record<string, string>): Promise<HttpAnswer> {
  // Resolved and checked once; every attempt connects to the checked addresses.
  let dispatcher: Dispatcher | undefined;
  if (!ctx.allowPrivateHosts) {
    const check = await checkHost(url.hostname);
    if ('refused' in check) throw new SourceError(check.refused);
    dispatcher = pinnedAgent(check.addresses);
  }
  try {
    return await attemptAll(ctx, url, headers, dispatcher);
  } finally {
    await dispatcher?.close();
  }
}

async function attemptAll(
  ctx: SourceContext,
  url: URL,
  headers: Record<string, string>,
  dispatcher: Dispatcher | undefined,
): Promise<HttpAnswer> {
  const timeoutMs = num(ctx, 'timeout_ms') ?? DEFAULT_TIMEOUT_MS;
  const retries = num(ctx, 'retries') ?? DEFAULT_RETRIES;
  let lastError: SourceError = new SourceError('no attempt made');
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, BACKOFF_MS * 2 ** (attempt - 1)));
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json, text/csv, */*', ...headers },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
        dispatcher,
      });
      const text = await readCappedText(res, ctx.maxAnswerBytes);
      if (res.ok) return { status: res.status, text };
      const retryable = res.status === 429 || res.status >= 500;
      lastError = new SourceError(`${describe(url)} answered HTTP ${res.status}${snippet(text)}`, retryable);
      if (!retryable) throw lastError;
    } catch (err) {
      if (err instanceof SourceError && !err.retryable) throw err;
      if (err instanceof SourceError) continue;
      // Asking again would read the same flood: the fetch fails at once, saying why.
      if (err instanceof AnswerTooLarge)
        throw new SourceError(
          `${describe(url)} answered more than ${describeBytes(err.maxBytes)} (LEADERBOARD_SOURCE_MAX_BYTES); the rest was not read`,
        );
      const name = (err as Error).name;
      lastError =
        name === 'TimeoutError' || name === 'AbortError'
          ? new SourceError(`${describe(url)} did not answer within ${timeoutMs} ms`, true)
          : new SourceError(`${describe(url)} could not be reached (${(err as Error).message})`, true);
    }
  }
  throw new SourceError(`${lastError.message} (after ${retries + 1} attempts)`);
}

function snippet(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim().slice(0, 120);
  return clean ? `: ${clean}` : '';
}

export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SourceError(`${where} did not answer with JSON`);
  }
}
