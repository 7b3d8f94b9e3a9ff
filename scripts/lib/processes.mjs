import { spawn } from 'node:child_process';

/** Starts the api and worker from the build, sharing one environment; returns a stop function. */
export function startProduct(root, env, { quiet = false } = {}) {
  const stdio = quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit';
  const api = spawn(process.execPath, ['dist/apps/api/src/main.js'], { cwd: root, env: { ...process.env, ...env }, stdio });
  const worker = spawn(process.execPath, ['dist/apps/worker/src/main.js'], { cwd: root, env: { ...process.env, ...env }, stdio });
  const procs = [api, worker];
  const stop = () =>
    Promise.all(
      procs.map(
        (p) =>
          new Promise((resolve) => {
            if (p.exitCode !== null || p.signalCode !== null) return resolve();
            p.once('exit', resolve);
            p.kill('SIGTERM');
            setTimeout(() => p.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
  return { api, worker, stop };
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
