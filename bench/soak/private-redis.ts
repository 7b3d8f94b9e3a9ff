import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { freePort } from '../lib/free-port';

/**
 * A redis-server of the bench's own on a free port: the machine's Redis on 6379 is shared with other work, so the
 * soak restarts this one instead. It keeps its data across the restart (SHUTDOWN SAVE, then the same dump file), as a
 * production Redis with persistence does: sessions and BullMQ's jobs survive, the connections do not.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), mkdtempSync(join(tmpdir(), 'kb-soak-redis-')));
    await redis.spawn();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  private async spawn(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--appendonly', 'no'];
    this.child = spawn('redis-server', [...args, '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
    const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    for (let i = 0; i < 100; i++) {
      if (
        await probe.connect().then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await probe.ping();
    probe.disconnect();
  }

  /** Saves, stops and starts again on the same port; answers how long Redis was away, in ms. */
  async restart(): Promise<number> {
    const started = Date.now();
    await this.stop(true);
    await this.spawn();
    return Date.now() - started;
  }

  async stop(save = false): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    const admin = new Redis(this.url, { maxRetriesPerRequest: 0 });
    admin.on('error', () => undefined);
    // SHUTDOWN closes the connection instead of answering.
    await admin.call('shutdown', save ? 'save' : 'nosave').catch(() => undefined);
    admin.disconnect();
    await exited;
    this.child = null;
  }

  /** Stops it for good and removes its dump file. */
  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
