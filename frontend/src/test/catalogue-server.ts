import { recordFetches } from './fetch-mocks';
import type { MockHandler, TestRequest } from './fetch-polyfill';

/**
 * A catalogue's admin API as the kit's screens call it, over rows the test reads back: `GET base` answers the rows,
 * `POST base` adds the row `create` makes from the body (201, under the next id), `PUT base/:id` merges the body
 * into its row and `DELETE base/:id` removes it, each with its `messages`. Any other request goes to `other`. Every
 * request is kept in order in `requests`.
 */
export function catalogueServer<T extends { id: number }>(
  base: string,
  initial: T[],
  options: {
    create: (body: Partial<T>, id: number) => T;
    messages?: { created?: string; deleted?: string };
    other?: MockHandler;
  },
) {
  const server = { rows: [...initial], requests: [] as TestRequest[] };
  const rowPath = new RegExp(`^${base}/(\\d+)$`);
  server.requests = recordFetches((request) => {
    const body = () => JSON.parse(String(request.body)) as Partial<T>;
    if (request.url === base && request.method === 'GET') return { body: { success: true, data: server.rows } };
    if (request.url === base && request.method === 'POST') {
      const row = options.create(body(), Math.max(0, ...server.rows.map((r) => r.id)) + 1);
      server.rows = [...server.rows, row];
      return { status: 201, body: { success: true, message: options.messages?.created, data: row } };
    }
    const id = Number(rowPath.exec(request.url)?.[1]);
    if (id && request.method === 'PUT') {
      server.rows = server.rows.map((row) => (row.id === id ? { ...row, ...body() } : row));
      return { body: { success: true, data: server.rows.find((row) => row.id === id) } };
    }
    if (id && request.method === 'DELETE') {
      server.rows = server.rows.filter((row) => row.id !== id);
      return { body: { success: true, message: options.messages?.deleted } };
    }
    return options.other?.(request);
  });
  return server;
}
