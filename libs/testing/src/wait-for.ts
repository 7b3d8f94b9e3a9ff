/**
 * How much longer than its stated limit a wait may last: limits are written for a normal host, and a loaded or slow
 * one (CI on a shared machine, a capped CPU) takes several times longer to reach the same condition. A wait ends as
 * soon as its condition holds, so the factor costs nothing on a passing run.
 */
const WAIT_SCALE = Math.max(1, Number(process.env.TEST_WAIT_SCALE ?? 3) || 3);

/** Polls until the check passes or the time is up; for effects that travel through the worker. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 10_000,
  label = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs * WAIT_SCALE;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value as T;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${label}${last ? `: ${String(last)}` : ''}`);
}
