import type { IncomingHttpHeaders } from 'node:http';

/**
 * True when a reverse proxy (the Ingress) forwarded the request: it always adds one of these headers,
 * which a client cannot strip. Prometheus scrapes pods directly and carries none, so in production
 * /metrics answers only such direct requests and the public Ingress cannot reach it.
 */
export function proxiedRequest(headers: IncomingHttpHeaders): boolean {
  return Boolean(headers['x-forwarded-for'] || headers['x-real-ip'] || headers['forwarded']);
}
