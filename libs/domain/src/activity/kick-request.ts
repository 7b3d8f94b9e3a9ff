import { cappedResponse } from '@kickback/platform';

/**
 * Every HTTP call to Kick (API and OAuth hosts) goes through here: Kick answers 429 under load and has had 5xx
 * episodes, and a single failed call must not lose a token exchange, a subscription or a live-state poll.
 */

export interface KickRequestOptions extends Omit<RequestInit, 'signal'> {
  /** Retries after the first attempt (so `retries + 1` attempts in all). */
  retries?: number;
  /** First backoff; doubles per retry, with full jitter. */
  baseDelayMs?: number;
  /** Ceiling for one wait, also for a Retry-After that asks for longer. */
  maxDelayMs?: number;
  /** Per attempt. */
  timeoutMs?: number;
  /** The most of the answer's body its reader gets; reading past it rejects (AnswerTooLarge). */
  maxAnswerBytes?: number;
  /** Test seam: how a wait happens. */
  sleep?: (ms: number) => Promise<void>;
  /** Test seam: where jitter comes from (0 ≤ x < 1). */
  random?: () => number;
  /**
   * False for a call Kick may have acted on even when its answer is lost or an error (sending a chat message): then
   * only a 429 (Kick refused it unread) and a connection refused before anything was sent are tried again, never a
   * 5xx or a timeout, which could post the message twice.
   */
  idempotent?: boolean;
}

// Kick's answers (a user, a token, a channel, a key) are a few KB: 1 MB leaves room and still bounds a broken one.
export const KICK_REQUEST_DEFAULTS = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 10_000,
  timeoutMs: 10_000,
  maxAnswerBytes: 1024 * 1024,
} as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether an answer may succeed when asked again. */
export const retryableStatus = (status: number) => status === 429 || status >= 500;

/**
 * `fetch` with exponential backoff and full jitter on network errors, timeouts, 429 and 5xx (429 and a refused
 * connection only, when not idempotent), honouring Retry-After
 * (seconds or an HTTP date, capped at maxDelayMs). Resolves with the first answer that is not retryable, or with the
 * last answer once the retries are spent (callers read its status as they would a single fetch); rejects only when
 * the last attempt could not reach Kick at all. The body must be replayable (string, URLSearchParams, Buffer).
 */
export async function kickRequest(url: URL | string, options: KickRequestOptions = {}): Promise<Response> {
  const {
    retries,
    baseDelayMs,
    maxDelayMs,
    timeoutMs,
    maxAnswerBytes,
    sleep = wait,
    random = Math.random,
    idempotent = true,
    ...init
  } = { ...KICK_REQUEST_DEFAULTS, ...options };
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retries;
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      if (last || (!idempotent && !refusedBeforeSending(err))) throw err;
      await sleep(backoff(attempt, baseDelayMs, maxDelayMs, random));
      continue;
    }
    if (last || !(idempotent ? retryableStatus(res.status) : res.status === 429)) return cappedResponse(res, maxAnswerBytes);
    const asked = retryAfterMs(res.headers.get('retry-after'));
    await res.body?.cancel().catch(() => undefined);
    await sleep(asked === null ? backoff(attempt, baseDelayMs, maxDelayMs, random) : Math.min(asked, maxDelayMs));
  }
}

/** The connection was refused: the request never reached Kick. */
function refusedBeforeSending(err: unknown): boolean {
  return (err as { cause?: { code?: string } } | null)?.cause?.code === 'ECONNREFUSED';
}

function backoff(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number {
  return Math.floor(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
}

/** Retry-After as milliseconds from now, or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
