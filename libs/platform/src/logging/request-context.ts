import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

const GIVEN_ID = /^[\w-]{8,64}$/;

/**
 * The request a piece of work belongs to. The id is made the first time a log line asks for it, so a request that
 * writes no line (every request at LOG_LEVEL=silent, most reads at error) never pays for one.
 */
export class RequestContext {
  private idValue: string | undefined;

  constructor(private readonly req: IncomingMessage) {}

  /** X-Request-Id when a proxy set a sane one, otherwise a fresh UUID; the same value for the whole request. */
  get id(): string {
    if (this.idValue === undefined) {
      const given = this.req.headers['x-request-id'];
      this.idValue = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    }
    return this.idValue;
  }
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
