import { fetch, type Dispatcher } from 'undici';
import { AnswerTooLarge, describeBytes, readCappedText } from '@kickback/platform';
import { checkHost } from '../leaderboard/sources/public-address';
import { pinnedAgent } from '../leaderboard/sources/pinned-agent';

const TIMEOUT_MS = 10_000;

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** The URL may never be called (a private host, or plain http where only https is allowed): retrying cannot help. */
export class OutboundRefused extends Error {}

/** The request did not get an answer (DNS, connection, timeout): worth retrying. */
export class OutboundUnreachable extends Error {}

/** The receiver answered more than we read (OUTBOUND_ANSWER_MAX_BYTES): asking again would read the same flood. */
export class OutboundAnswerTooLarge extends Error {
  constructor(
    readonly status: number,
    maxBytes: number,
  ) {
    super(`HTTP ${status} with an answer over ${describeBytes(maxBytes)} (OUTBOUND_ANSWER_MAX_BYTES); the rest was not read.`);
  }
}

/**
 * A JSON POST through the SSRF guard: the host is resolved once, every address must be public, and the connection
 * goes to those checked addresses (no DNS rebinding); redirects are refused, so an answer cannot send us elsewhere.
 * `allowPrivateHosts` (tests and local receivers only; production refuses the setting) lifts the address check and
 * permits http. At most `maxAnswerBytes` of the answer are read (only its status and the start of an error matter).
 */
export async function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  allowPrivateHosts: boolean,
  maxAnswerBytes: number,
): Promise<OutboundAnswer> {
  if (url.protocol !== 'https:' && !(allowPrivateHosts && url.protocol === 'http:'))
    throw new OutboundRefused('Only https:// URLs may be called.');
  let dispatcher: Dispatcher | undefined;
  if (!allowPrivateHosts) {
    const check = await checkHost(url.hostname);
    if ('refused' in check) throw new OutboundRefused(check.refused);
    dispatcher = pinnedAgent(check.addresses);
  }
  let status = 0;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Kickback-Announcements/1', ...headers },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      dispatcher,
    });
    status = res.status;
    const text = await readCappedText(res, maxAnswerBytes);
    return { status: res.status, headers: res.headers as unknown as Headers, text: text.slice(0, 2000) };
  } catch (err) {
    if (err instanceof AnswerTooLarge) throw new OutboundAnswerTooLarge(status, err.maxBytes);
    const name = (err as Error).name;
    throw new OutboundUnreachable(
      name === 'TimeoutError' || name === 'AbortError'
        ? `No answer within ${TIMEOUT_MS / 1000} s.`
        : `Could not be reached (${(err as Error).message}).`,
    );
  } finally {
    await dispatcher?.close();
  }
}
