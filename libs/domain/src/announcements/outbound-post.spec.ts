import { createServer, type Server } from 'node:net';
import { FloodServer } from '../../../testing/src/fakes/flood-server';
import { OutboundAnswerTooLarge, OutboundRefused, postJson } from './outbound-post';

/**
 * The guard as a delivery meets it at send time (the admin form checks a URL when it is saved; a hook's host can
 * resolve elsewhere later): a private or loopback target is refused before any connection is opened.
 */
describe('outbound POST through the SSRF guard', () => {
  let server: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['a name that resolves to loopback', 'https://localhost:{port}/hook'],
    ['a loopback literal', 'https://127.0.0.1:{port}/hook'],
    ['an IPv4-mapped IPv6 literal', 'https://[::ffff:127.0.0.1]:{port}/hook'],
    ['a private network address', 'https://10.0.0.7:{port}/hook'],
    ['plain http', 'http://127.0.0.1:{port}/hook'],
  ])('refuses %s without connecting', async (_what, template) => {
    const url = new URL(template.replace('{port}', String(port)));
    await expect(postJson(url, '{}', {}, false, 65_536)).rejects.toBeInstanceOf(OutboundRefused);
    expect(connections).toBe(0);
  });

  it('connects to a local receiver only where private hosts are allowed (tests and local development)', async () => {
    await expect(postJson(new URL(`http://127.0.0.1:${port}/hook`), '{}', {}, true, 65_536)).rejects.toThrow('Could not be reached');
    expect(connections).toBe(1);
  });

  it('reads at most the cap of an answer: a receiver answering a flood fails the delivery with its status and the reason', async () => {
    const flood = new FloodServer();
    await flood.start();
    try {
      flood.totalBytes = 48 * 1024 * 1024;
      const failure = await postJson(new URL(`${flood.url}/hook`), '{}', {}, true, 65_536).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(OutboundAnswerTooLarge);
      expect(failure).toMatchObject({
        status: 200,
        message: 'HTTP 200 with an answer over 64 KB (OUTBOUND_ANSWER_MAX_BYTES); the rest was not read.',
      });
      expect(flood.written).toBeLessThan(24 * 1024 * 1024);
    } finally {
      await flood.stop();
    }
  });
});
