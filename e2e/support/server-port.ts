/** The first product server's port; the config starts one server per worker on the ports after it. */
export const FIRST_SERVER_PORT = Number(process.env.E2E_PORT ?? '3111');

/**
 * How many product servers (and so Playwright workers) a run starts: E2E_SERVERS, three by default. On two cores a
 * third worker still gains, as some tests wait on real time (a claim minute, watch intervals) while others run
 * (docs/operations.md §10).
 */
export const SERVER_COUNT = Math.max(1, Number(process.env.E2E_SERVERS ?? '3') || 1);

/**
 * The port of the product server this worker's tests use. Each worker has a server of its own (its own database,
 * Redis and fake Kick at port + 20000), so tests that change site-wide state (settings, the Kick connection, a
 * stream going live) never race a test in the other worker.
 */
export function serverPort(): number {
  return FIRST_SERVER_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? '0');
}
