import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { AppEnv } from '@kickback/platform';

const ROOT = join(__dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function envStrings(env: AppEnv, extra: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(env)) out[k] = Array.isArray(v) ? v.join(',') : String(v);
  return { ...out, ...extra };
}

/**
 * The built api or worker as a real OS process (for scale and crash tests); needs `npm run build:server`.
 * `output` receives everything the process writes (stdout and stderr), for tests that read its logs.
 */
export async function spawnProduct(
  kind: 'api' | 'worker',
  env: AppEnv,
  extra: Record<string, string> = {},
  output?: (text: string) => void,
): Promise<{ proc: ChildProcess; port: number }> {
  const main = join(ROOT, 'dist', 'apps', kind, 'src', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build:server first`);
  const port = await freePort();
  const proc = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: envStrings(env, { PORT: String(port), LOG_LEVEL: 'error', ...extra }),
    stdio: output ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  if (output) for (const stream of [proc.stdout, proc.stderr]) stream?.on('data', (chunk: Buffer) => output(chunk.toString('utf8')));
  if (kind === 'api') {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        /* still starting */
      }
      if (proc.exitCode !== null) throw new Error(`api exited with ${proc.exitCode}`);
      if (Date.now() > deadline) throw new Error('api did not become ready');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { proc, port };
}

export function stopProcess(proc: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}
