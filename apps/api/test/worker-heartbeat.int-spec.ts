import { WORKER_HEARTBEAT_KEY } from '@kickback/platform';
import { integrationStack, waitFor, type TestClient } from '@kickback/testing';

/** A stopped worker is visible: Go live's status call and /readyz say when no worker has beaten for a minute. */
describe('worker heartbeat', () => {
  const stack = integrationStack();

  let admin: TestClient;
  const workerStatus = async () => {
    admin ??= await stack.api.signedIn({ role: 'Admin' });
    const res = await admin.json<{ data: { status: string; last_beat_at: string | null } }>('GET', '/api/admin/worker-status');
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const readiness = async () => {
    const res = await fetch(`${stack.api.url}/readyz`);
    return [res.status, ((await res.json()) as { worker: unknown }).worker] as const;
  };

  it('reports "unknown" before any worker ran, without failing readiness', async () => {
    await stack.redis.del(WORKER_HEARTBEAT_KEY);
    expect(await workerStatus()).toEqual({ status: 'unknown', last_beat_at: null });
    expect(await readiness()).toEqual([200, { status: 'unknown', last_beat_at: null }]);
  });

  it('reports "up" once a worker runs, and "stale" after a minute without a beat', async () => {
    const worker = await stack.processes.worker({ relay: false, healthServer: false });
    await waitFor(async () => (await workerStatus()).status === 'up', 10_000, 'the first beat');
    await worker.close();

    const old = new Date(Date.now() - 61_000).toISOString();
    await stack.redis.set(WORKER_HEARTBEAT_KEY, old);
    expect(await workerStatus()).toEqual({ status: 'stale', last_beat_at: old });
    expect(await readiness()).toEqual([200, { status: 'stale', last_beat_at: old }]);
  });
});
