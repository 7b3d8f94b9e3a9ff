import { Pool } from 'undici';

const pools = new Map<string, Pool>();

/** Bytes and status of a GET on a keep-alive pool per origin (undici, as pooledPost): a replayed page read. */
export async function pooledGet(url: URL, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  let pool = pools.get(url.origin);
  if (!pool) {
    pool = new Pool(url.origin, { connections: 64 });
    pools.set(url.origin, pool);
  }
  const res = await pool.request({ path: url.pathname + url.search, method: 'GET', headers });
  const body = await res.body.arrayBuffer();
  return { status: res.statusCode, bytes: body.byteLength };
}

/** Replays `reads` as one page load (sent together, as the browser does); the bytes received and the failures. */
export async function replayReads(
  base: string,
  reads: string[],
  headers: Record<string, string>,
): Promise<{ bytes: number; failed: number }> {
  const answers = await Promise.all(reads.map((path) => pooledGet(new URL(path, base), headers)));
  return {
    bytes: answers.reduce((sum, a) => sum + a.bytes, 0),
    failed: answers.filter((a) => a.status !== 200).length,
  };
}

export async function closeGetPools(): Promise<void> {
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  pools.clear();
}
