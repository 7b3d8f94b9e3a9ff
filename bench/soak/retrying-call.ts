/** A request's answer: status and text (status 0 when the connection failed). */
export interface Answer {
  status: number;
  text: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends `send(base)` until it is answered with something other than a 5xx or a failed connection, as a client
 * behind a load balancer retries during a restart: each try on the next api, a second apart, for up to `tries`
 * attempts. What makes the retry safe is the request's own key (Idempotency-Key, the Kick message id).
 */
export async function retryingCall(bases: string[], first: number, send: (base: string) => Promise<Answer>, tries = 10): Promise<Answer> {
  let last: Answer = { status: 0, text: '' };
  for (let i = 0; i < tries; i++) {
    last = await send(bases[(first + i) % bases.length]!).catch((err: Error) => ({ status: 0, text: err.message }));
    if (last.status !== 0 && last.status < 500) return last;
    await sleep(1000);
  }
  return last;
}
