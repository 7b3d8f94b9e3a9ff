import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { kickRequest, retryAfterMs } from './kick-request';

/** A server that answers each request with the next scripted status (and headers), then 200. */
function scripted(answers: { status: number; headers?: Record<string, string> }[]) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push(body);
      const next = answers.shift() ?? { status: 200 };
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(JSON.stringify({ status: next.status }));
    });
  });
  return { server, seen };
}

describe('kickRequest: retries 429/5xx with backoff and jitter, honouring Retry-After', () => {
  let server: Server;
  let url: string;
  let seen: string[];
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);

  const start = async (answers: { status: number; headers?: Record<string, string> }[]) => {
    ({ server, seen } = scripted(answers));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  };

  beforeEach(() => (waits.length = 0));
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('waits as Retry-After asks on 429, backs off on 503, then returns the success with the body resent', async () => {
    await start([{ status: 429, headers: { 'retry-after': '2' } }, { status: 503 }]);
    const res = await kickRequest(url, { method: 'POST', body: 'payload', sleep, random: () => 0.5, baseDelayMs: 100 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 200 });
    expect(seen).toEqual(['payload', 'payload', 'payload']);
    // 2 s from Retry-After; then half (jitter 0.5) of 100 ms × 2^1.
    expect(waits).toEqual([2000, 100]);
  });

  it('gives up after the configured retries and hands back the last answer', async () => {
    await start([{ status: 503 }, { status: 502 }, { status: 500 }, { status: 429 }]);
    const res = await kickRequest(url, { retries: 2, sleep, random: () => 0 });
    expect(res.status).toBe(500);
    expect(seen).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('does not retry an answer that cannot improve (401) and caps a long Retry-After', async () => {
    await start([{ status: 401 }]);
    expect((await kickRequest(url, { sleep })).status).toBe(401);
    expect(seen).toHaveLength(1);

    await new Promise<void>((resolve) => server.close(() => resolve()));
    await start([{ status: 429, headers: { 'retry-after': '3600' } }]);
    expect((await kickRequest(url, { sleep, maxDelayMs: 5000 })).status).toBe(200);
    expect(waits).toEqual([5000]);
  });

  it('retries a connection that fails and rethrows once the retries are spent', async () => {
    await start([]);
    const closed = url;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(kickRequest(closed, { retries: 2, sleep, random: () => 0 })).rejects.toThrow();
    expect(waits).toHaveLength(2);
    await start([]);
  });

  it('sends a call that is not idempotent once on a 5xx, and again only after a 429 as Retry-After asks', async () => {
    await start([{ status: 500 }]);
    expect((await kickRequest(url, { method: 'POST', body: 'hi', idempotent: false, sleep })).status).toBe(500);
    expect(seen).toEqual(['hi']);
    expect(waits).toEqual([]);

    await new Promise<void>((resolve) => server.close(() => resolve()));
    await start([{ status: 429, headers: { 'retry-after': '1' } }, { status: 502 }]);
    expect((await kickRequest(url, { method: 'POST', body: 'hi', idempotent: false, sleep })).status).toBe(502);
    expect(seen).toEqual(['hi', 'hi']);
    expect(waits).toEqual([1000]);
  });

  it('tries a call that is not idempotent again when the connection was refused (nothing was sent)', async () => {
    await start([]);
    const closed = url;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(kickRequest(closed, { retries: 2, idempotent: false, sleep, random: () => 0 })).rejects.toThrow();
    expect(waits).toHaveLength(2);
    await start([]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
