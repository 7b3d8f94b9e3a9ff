import type { ChildProcess } from 'node:child_process';

/** Polls the api's /readyz for up to `timeoutMs`; a process that exits or never gets ready is reported (and stopped). */
export async function waitForApi(child: ChildProcess, base: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`api did not become ready in ${timeoutMs / 1000} s`);
}
