// Whether the domain events of the check's member actions were lost across a stop: each outbox row is either still
// unpublished (the next relay takes it) or its job (id `evt-<outbox id>`) is waiting or done, never left active
// (taken by a worker that went away mid-job) or failed.
import pg from 'pg';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';

const QUEUE = 'domain-events';
const SETTLED = new Set(['waiting', 'delayed', 'prioritized', 'completed']);

export class JobLedger {
  constructor(databaseUrl, redisUrl, types) {
    this.databaseUrl = databaseUrl;
    this.redisUrl = redisUrl;
    this.types = types;
  }

  async rows() {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select id::text as id, type, published_at from outbox_events where type = any($1) order by id', [
        this.types,
      ]);
      return rows;
    } finally {
      await client.end();
    }
  }

  async withQueue(fn) {
    const connection = new IORedis(this.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE, { connection });
    try {
      return await fn(queue);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }

  /** Every event's whereabouts: unpublished, or the state of its job. */
  async states() {
    const rows = await this.rows();
    return this.withQueue(async (queue) => {
      const out = [];
      for (const row of rows) out.push({ ...row, state: row.published_at ? await queue.getJobState(`evt-${row.id}`) : 'unpublished' });
      const counts = await queue.getJobCounts('active', 'failed');
      return { events: out, counts };
    });
  }

  /** Problems with the events after every worker stopped: a job still active or failed, or gone without a trace. */
  async lostAfterStop() {
    const { events, counts } = await this.states();
    const problems = [];
    if (counts.active) problems.push(`${counts.active} ${QUEUE} job(s) left active by a stopped worker`);
    if (counts.failed) problems.push(`${counts.failed} ${QUEUE} job(s) failed`);
    for (const e of events)
      if (e.state !== 'unpublished' && !SETTLED.has(e.state)) problems.push(`event ${e.id} (${e.type}): job ${e.state}`);
    return { problems, events };
  }

  /** Whether every event was relayed and its job completed. */
  async allDone() {
    const { events } = await this.states();
    return events.length > 0 && events.every((e) => e.state === 'completed');
  }
}
