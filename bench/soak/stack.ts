import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../lib/free-port';
import { stopProcess } from '../lib/stop-process';
import { waitForApi } from '../lib/wait-for-api';
import { LIFTED_LIMITS, productEnv } from '../lib/product-env';

/** One product process of the soak, by role; its pid changes when it is restarted. */
export interface SoakProcess {
  name: string;
  child: ChildProcess;
  /** Where its Prometheus metrics are read. */
  metricsUrl: string;
}

const DIST = join(__dirname, '..', '..');

/**
 * The scale-out setup (docs/architecture): two api processes on ports of their own sharing PostgreSQL and Redis, and
 * one worker, started as scripts/lib/processes.mjs starts them (the build, one environment), with the bench's limits.
 */
export class SoakStack {
  readonly apis: SoakProcess[] = [];
  worker!: SoakProcess;
  private constructor(private readonly env: Record<string, string>) {}

  static async start(env: { databaseUrl: string; redisUrl: string; kickUrl: string; channel: string }): Promise<SoakStack> {
    const stack = new SoakStack({
      ...productEnv({
        databaseUrl: env.databaseUrl,
        redisUrl: env.redisUrl,
        logLevel: process.env.BENCH_LOG_LEVEL ?? 'error',
        frontend: 'built',
      }),
      ...LIFTED_LIMITS,
      KICK_API_URL: env.kickUrl,
      DB_POOL_MAX: '10',
      REALTIME_CHANNEL: env.channel,
    });
    try {
      for (const name of ['api-a', 'api-b']) stack.apis.push(await stack.startApi(name, await freePort()));
      stack.worker = await stack.startWorker();
    } catch (err) {
      // The caller has no stack to stop yet: what started here is stopped here.
      await Promise.all(stack.apis.map((a) => stopProcess(a.child)));
      throw err;
    }
    return stack;
  }

  get bases(): string[] {
    return this.apis.map((a) => a.metricsUrl.replace(/\/metrics$/, ''));
  }

  get processes(): SoakProcess[] {
    return [...this.apis, this.worker];
  }

  private spawn(script: string, extra: Record<string, string>): ChildProcess {
    return spawn(process.execPath, [join(DIST, script)], {
      env: { ...process.env, ...this.env, ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }

  /**
   * The worker with its health server (its metrics) on a free port. A port handed out free may be taken a moment
   * later as the local end of one of the apis' own connections, so a worker refused its port is started on another.
   */
  private async startWorker(): Promise<SoakProcess> {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const child = this.spawn('apps/worker/src/main.js', { WORKER_HEALTH_PORT: String(port) });
      try {
        await waitForHttp(child, `http://127.0.0.1:${port}/readyz`);
        return { name: 'worker', child, metricsUrl: `http://127.0.0.1:${port}/metrics` };
      } catch (err) {
        await stopProcess(child);
        if (attempt === 3) throw err;
      }
    }
  }

  private async startApi(name: string, port: number): Promise<SoakProcess> {
    const child = this.spawn('apps/api/src/main.js', { PORT: String(port), APP_URL: `http://localhost:${port}` });
    const base = `http://127.0.0.1:${port}`;
    // A restart in the middle of a loaded night waits longer than a first start: a 30 s wait once ended a night at minute 60.
    await waitForApi(child, base, 120_000);
    return { name, child, metricsUrl: `${base}/metrics` };
  }

  /** Stops one api (SIGTERM, as a rolling release does) and starts it again on the same port; answers the ms it was away. */
  async restartApi(index: number): Promise<number> {
    const started = Date.now();
    const old = this.apis[index]!;
    await stopProcess(old.child);
    this.apis[index] = await this.startApi(old.name, Number(new URL(old.metricsUrl).port));
    return Date.now() - started;
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => stopProcess(p.child)));
  }
}

async function waitForHttp(child: ChildProcess, url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}
