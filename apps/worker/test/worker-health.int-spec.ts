import { createServer } from 'node:net';
import { QUEUES } from '@kickback/contracts';
import { integrationStack, freePort, waitFor } from '@kickback/testing';
import { failedEventJobs } from './failed-event-jobs';

/** The worker's probes and metrics, as Kubernetes and Prometheus read them. */
describe('worker health server', () => {
  const stack = integrationStack({ api: false });

  it('answers the probes and reports waiting, active, delayed and failed jobs for every queue', async () => {
    const port = await freePort();
    const worker = await stack.processes.worker({ relay: false, healthServer: true }, { WORKER_HEALTH_PORT: port });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${url}/healthz`).catch(() => null))?.ok, 10_000, 'the health server');

    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok' }]);

    await failedEventJobs(worker, ['990000201']);

    const metrics = await (await fetch(`${url}/metrics`)).text();
    for (const queue of Object.values(QUEUES))
      for (const state of ['wait', 'active', 'delayed', 'failed'])
        expect(metrics).toMatch(new RegExp(`^bullmq_queue_jobs\\{queue="${queue}",state="${state}"\\} \\d+$`, 'm'));
    expect(metrics).toMatch(/^bullmq_queue_jobs\{queue="domain-events",state="failed"\} 1$/m);
    expect((await fetch(`${url}/nothing`)).status).toBe(404);
  });

  it('stops with the reason when its port is taken, instead of running without probes', async () => {
    const port = await freePort();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '0.0.0.0', resolve));
    try {
      await expect(stack.processes.worker({ relay: false, healthServer: true }, { WORKER_HEALTH_PORT: port })).rejects.toThrow(
        `WORKER_HEALTH_PORT ${port} is already in use by another program`,
      );
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
