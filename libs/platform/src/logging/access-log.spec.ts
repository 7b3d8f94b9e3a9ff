import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { Logger as NestLogger } from '@nestjs/common';
import { accessLog } from './access-log.middleware';
import { NestPinoLogger } from './nest-pino-logger';
import { createRootLogger, type LogLevel } from './root-logger';

/** A real Express server whose routes log through Nest's Logger, as the api's services do. */
async function serve(level: LogLevel) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const root = createRootLogger(level, sink);
  const nest = new NestLogger('Orders');
  NestLogger.overrideLogger(new NestPinoLogger(root));
  const app = express();
  let listenersAdded = 0;
  app.use((_req, res, next) => {
    res.on('newListener', (event) => event === 'close' && listenersAdded++);
    next();
  });
  app.use(accessLog(root));
  app.get('/orders', async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    nest.log('order listed');
    res.json({ ok: true });
  });
  app.get('/boom', (_req, res) => {
    nest.error(new Error('database went away'));
    res.status(500).json({ ok: false });
  });
  app.get('/healthz', (_req, res) => res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    lines,
    url,
    listenersAdded: () => listenersAdded,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('accessLog and NestPinoLogger', () => {
  afterEach(() => NestLogger.overrideLogger(false));

  it('gives the access line and every line written during the request the same request id', async () => {
    const app = await serve('info');
    try {
      await fetch(`${app.url}/orders?code=oauth-secret`, { headers: { 'x-request-id': 'proxy-given-1234', cookie: 'sid=s3cret' } });
      await fetch(`${app.url}/orders`);
      await settle();
      const [service1, access1, service2, access2] = app.lines;
      expect(service1).toMatchObject({ msg: 'order listed', context: 'Orders', reqId: 'proxy-given-1234' });
      expect(access1).toMatchObject({
        msg: 'request completed',
        reqId: 'proxy-given-1234',
        req: { method: 'GET', url: '/orders?code=[Redacted]' },
        res: { statusCode: 200 },
      });
      expect(JSON.stringify(access1)).not.toContain('s3cret');
      expect(service2!.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(access2!.reqId).toBe(service2!.reqId);
      expect(service2!.reqId).not.toBe('proxy-given-1234');
    } finally {
      await app.close();
    }
  });

  it('logs a failed request at error with the error, and leaves probes out of the log', async () => {
    const app = await serve('info');
    try {
      await fetch(`${app.url}/boom`);
      await fetch(`${app.url}/healthz`);
      await settle();
      expect(app.lines).toHaveLength(2);
      const [service, access] = app.lines;
      expect(service).toMatchObject({ level: 50, msg: 'database went away', err: { message: 'database went away' } });
      expect(access).toMatchObject({ level: 50, msg: 'request failed', res: { statusCode: 500 }, reqId: service!.reqId });
    } finally {
      await app.close();
    }
  });

  it('adds nothing to a request when the level writes no line', async () => {
    const app = await serve('silent');
    try {
      await fetch(`${app.url}/orders`);
      await fetch(`${app.url}/boom`);
      await settle();
      expect(app.lines).toEqual([]);
      expect(app.listenersAdded()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
