import { integrationStack } from '@kickback/testing';

/** What an operator exposes: the OpenAPI page only where API_DOCS allows it (off by default in production). */
describe('ops pages exposure', () => {
  const stack = integrationStack({ api: false });

  it('serves /api/docs by default outside production and not at all with API_DOCS=false', async () => {
    const open = await stack.processes.api();
    expect((await fetch(`${open.url}/api/docs.json`)).status).toBe(200);
    const closed = await stack.processes.api({ API_DOCS: false });
    for (const path of ['/api/docs', '/api/docs.json']) {
      const res = await fetch(`${closed.url}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });
});
