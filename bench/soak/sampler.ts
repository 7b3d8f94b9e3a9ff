import { readFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { Client } from 'pg';
import { QUEUES } from '../../libs/contracts/src/jobs';
import { promValue } from '../lib/prometheus-text';
import { keyPrefix } from './key-prefix';
import type { SoakProcess } from './stack';

export interface ProcessSample {
  pid: number;
  rssMb: number;
  heapUsedMb: number;
  /** Memory outside the JS heap that V8 accounts for (Buffers, typed arrays): where RSS grows with a flat heap. */
  externalMb: number;
  /** The event loop's delay p99 since the previous scrape (prom-client resets it on each), ms. */
  loopP99Ms: number;
  /** Open Socket.IO connections (the api's gauge; NaN for the worker). */
  sockets: number;
}

export interface Sample {
  minute: number;
  processes: Record<string, ProcessSample>;
  redisMemoryMb: number;
  redisKeys: number;
  keysByPrefix: Record<string, number>;
  /** Total size (table, indexes and TOAST) in kB and rows, of the outbox and the tables that grow with jobs. */
  tables: Record<string, { kb: number; rows: number }>;
  /** Jobs per queue: waiting (wait + prioritized + delayed), active, completed and failed ones kept. */
  queues: Record<string, { waiting: number; active: number; completed: number; failed: number }>;
}

export const WATCHED_TABLES = ['outbox_events', 'processed_events', 'kick_messages', 'activity_awards'];

function procRssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Reads a process's own Prometheus metrics; where they do not answer (mid-restart), its RSS from /proc only. */
async function sampleProcess(p: SoakProcess): Promise<ProcessSample> {
  const pid = p.child.pid!;
  const text = await fetch(p.metricsUrl, { signal: AbortSignal.timeout(5000) })
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');
  if (!text) return { pid, rssMb: procRssMb(pid), heapUsedMb: NaN, externalMb: NaN, loopP99Ms: NaN, sockets: NaN };
  return {
    pid,
    rssMb: promValue(text, 'process_resident_memory_bytes') / 2 ** 20,
    heapUsedMb: promValue(text, 'nodejs_heap_size_used_bytes') / 2 ** 20,
    externalMb: promValue(text, 'nodejs_external_memory_bytes') / 2 ** 20,
    loopP99Ms: promValue(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    sockets: promValue(text, 'socketio_connections'),
  };
}

export class Sampler {
  private readonly queues: Queue[];
  constructor(
    private readonly redis: Redis,
    private readonly db: Client,
  ) {
    this.queues = Object.values(QUEUES).map((name) => {
      const queue = new Queue(name, { connection: redis });
      // The Redis restart: BullMQ prints an error no one listens for; the next minute's sample reads again.
      queue.on('error', () => undefined);
      return queue;
    });
  }

  async sample(minute: number, processes: SoakProcess[]): Promise<Sample> {
    const sampled = await Promise.all(processes.map(sampleProcess));
    const info = await this.redis.info('memory');
    const keysByPrefix: Record<string, number> = {};
    let redisKeys = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const prefix = keyPrefix(key);
        keysByPrefix[prefix] = (keysByPrefix[prefix] ?? 0) + 1;
        redisKeys++;
      }
    } while (cursor !== '0');
    const tables: Sample['tables'] = {};
    for (const table of WATCHED_TABLES) {
      const { rows } = await this.db.query<{ kb: string; rows: string }>(
        `select pg_total_relation_size($1::regclass) / 1024 as kb, (select count(*) from ${table}) as rows`,
        [table],
      );
      tables[table] = { kb: Number(rows[0]!.kb), rows: Number(rows[0]!.rows) };
    }
    const queues: Sample['queues'] = {};
    for (const queue of this.queues) {
      const c = await queue.getJobCounts('wait', 'prioritized', 'delayed', 'active', 'completed', 'failed');
      queues[queue.name] = {
        waiting: c.wait! + c.prioritized! + c.delayed!,
        active: c.active!,
        completed: c.completed!,
        failed: c.failed!,
      };
    }
    return {
      minute,
      processes: Object.fromEntries(processes.map((p, i) => [p.name, sampled[i]!])),
      redisMemoryMb: Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? NaN) / 2 ** 20,
      redisKeys,
      keysByPrefix,
      tables,
      queues,
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.map((q) => q.close()));
  }
}
