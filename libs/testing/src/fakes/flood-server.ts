import { createServer, type Server } from 'node:http';

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/**
 * A hostile or broken server: every request is answered `status` and a body of `totalBytes` (by default far more than
 * any reader should hold), written as the client takes it and stopped when the client hangs up. `written` counts
 * what left the server, so a test can show a reader stopped long before the end. `declareLength` sends the size in
 * Content-Length; without it the body is chunked and only its end tells its length.
 */
export class FloodServer {
  private server: Server | null = null;
  url = '';
  requests = 0;
  written = 0;
  status = 200;
  totalBytes = 512 * 1024 * 1024;
  declareLength = false;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.requests++;
      req.resume();
      res.writeHead(this.status, {
        'content-type': 'application/json',
        ...(this.declareLength ? { 'content-length': String(this.totalBytes) } : {}),
      });
      let left = this.totalBytes;
      const pump = () => {
        while (left > 0 && !res.destroyed) {
          const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
          left -= chunk.length;
          this.written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      res.on('close', () => (left = 0));
      pump();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
