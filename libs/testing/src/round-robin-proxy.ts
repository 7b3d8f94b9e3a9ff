import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';

/**
 * A tiny load balancer for scale tests: each HTTP request and each WebSocket upgrade goes to
 * the next backend in turn. A dead backend answers 502 (the client sees the failure), as an
 * ingress would before its health check notices.
 */
export class RoundRobinProxy {
  private server: Server | null = null;
  private next = 0;
  url = '';
  readonly served: number[] = [];

  constructor(private readonly backends: number[]) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const port = this.pick();
      const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: 'Bad gateway.' }));
      });
      req.pipe(upstream);
    });
    this.server.on('upgrade', (req, socket, head) => {
      const port = this.pick();
      const upstream = connect(port, '127.0.0.1', () => {
        const headers = Object.entries(req.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n');
        upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private pick(): number {
    const port = this.backends[this.next % this.backends.length];
    this.next += 1;
    this.served.push(port);
    return port;
  }
}
