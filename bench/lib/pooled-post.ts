import { Pool } from 'undici';

const pools = new Map<string, Pool>();

/**
 * A JSON POST on a keep-alive connection pool per origin (undici). The load generator shares the
 * machine's two cores with the product, so its cost per request is taken out of the product's
 * figures; undici's pool costs a fraction of node:http's agent (and fetch's streams).
 */
export async function pooledPost(
  url: URL,
  body: string,
  headers: Record<string, string>,
  connections = 128,
): Promise<{ status: number; body: string }> {
  let pool = pools.get(url.origin);
  if (!pool) {
    pool = new Pool(url.origin, { connections });
    pools.set(url.origin, pool);
  }
  const res = await pool.request({
    path: url.pathname,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.statusCode, body: await res.body.text() };
}

/** Closes every pool opened by pooledPost. */
export async function closePools(): Promise<void> {
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  pools.clear();
}
