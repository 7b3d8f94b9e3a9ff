/** Error codes of a database or Redis that is down, restarting or refusing connections. */
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);
const OUTAGE_NAMES = new Set(['MaxRetriesPerRequestError', 'KnexTimeoutError', 'ConnectionException']);
// "Transaction query already complete": knex's answer to the next statement of a transaction whose connection just died.
const OUTAGE_MESSAGES =
  /Connection is closed|Connection terminated|Stream isn't writeable|connect ECONNREFUSED|Timeout acquiring a connection|is not queryable|Connection ended unexpectedly|Transaction query already complete/;

/**
 * True for errors that mean PostgreSQL or Redis is unreachable right now (not a bug of ours): the
 * caller answers 503 so clients and load balancers retry, instead of a 500.
 */
export function isBackendOutage(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const e = err as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; previous?: unknown };
  if (typeof e.name === 'string' && OUTAGE_NAMES.has(e.name)) return true;
  if (typeof e.code === 'string' && (OUTAGE_CODES.has(e.code) || /^08/.test(e.code))) return true;
  if (typeof e.message === 'string' && OUTAGE_MESSAGES.test(e.message)) return true;
  return isBackendOutage(e.cause, depth + 1) || isBackendOutage(e.previous, depth + 1);
}
