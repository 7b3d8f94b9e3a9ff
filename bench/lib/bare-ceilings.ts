import 'reflect-metadata';
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { Controller, Header, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { processCpuMs } from './cpu-time';
import { makeInBatches } from './in-batches';
import { RawRoomSocket } from './raw-room-socket';
import { percentile } from './percentile';
import { closePools, pooledPost } from './pooled-post';
import { stopProcess } from './stop-process';

/**
 * The frameworks' bare ceilings the product's figures are divided by (issue #16): the same number of round trips,
 * the same concurrency and the same answer bytes, against a server doing nothing else, in a process of its own
 * (as the product's api is). A first round warms the server up, as the product's api is warmed up; then the median
 * of ROUNDS rounds, since one round of a few thousand round trips moves by a fifth from run to run.
 */
const ROUNDS = 3;
export interface CeilingResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** The bare server's CPU time per round trip, in µs: the ceiling for the product's CPU per request. */
  cpuPerRoundTripUs: number;
  /** The load generator's (this process's) CPU time per round trip, in µs: the clients' share of the machine. */
  clientCpuPerRoundTripUs: number;
}

async function rounds(total: number, concurrency: number, serverPid: number, once: (i: number) => Promise<void>): Promise<CeilingResult> {
  await loop(total, concurrency, serverPid, once);
  const measured: CeilingResult[] = [];
  for (let r = 0; r < ROUNDS; r++) measured.push(await loop(total, concurrency, serverPid, once));
  return measured.sort((a, b) => a.perSecond - b.perSecond)[Math.floor(ROUNDS / 2)]!;
}

async function loop(total: number, concurrency: number, serverPid: number, once: (i: number) => Promise<void>): Promise<CeilingResult> {
  const latencies: number[] = [];
  let next = 0;
  const cpuBefore = processCpuMs(serverPid);
  const clientCpuBefore = processCpuMs(process.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const t0 = performance.now();
        await once(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuPerRoundTripUs = ((processCpuMs(serverPid) - cpuBefore) * 1000) / total;
  const clientCpuPerRoundTripUs = ((processCpuMs(process.pid) - clientCpuBefore) * 1000) / total;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuPerRoundTripUs,
    clientCpuPerRoundTripUs,
  };
}

interface BareChild {
  port: number;
  pid: number;
  stop: () => Promise<void>;
  /** Sends the child a message and waits for its answer. */
  request: (message: unknown) => Promise<unknown>;
}

async function startChild(kind: 'io' | 'nest' | 'broadcast', answer: string): Promise<BareChild> {
  const child = fork(__filename, [kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, BARE_ANSWER: answer } });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare ${kind} server exited with ${code}`)));
    child.once('message', (m: { port: number }) => resolve(m.port));
  });
  const request = (message: unknown) =>
    new Promise<unknown>((resolve) => {
      child.once('message', resolve);
      child.send(message as object);
    });
  return { port, pid: child.pid!, stop: () => stopProcess(child), request };
}

/** A bare Socket.IO acknowledgement round trip: `sockets` connections, `total` emits with ack answering `answer`. */
export async function bareSocketAck(
  total: number,
  sockets: number,
  concurrency: number,
  event: string,
  request: unknown,
  answer: unknown,
): Promise<CeilingResult> {
  const server = await startChild('io', JSON.stringify({ event, answer }));
  const clients: Socket[] = [];
  try {
    clients.push(...(await connectClients(server.port, sockets)));
    return await rounds(total, concurrency, server.pid, async (i) => {
      await clients[i % clients.length]!.timeout(30_000).emitWithAck(event, request);
    });
  } finally {
    clients.forEach((c) => c.close());
    await server.stop();
  }
}

/** A bare NestJS POST in an empty app (one controller, nothing global) answering `answer` as JSON. */
export async function bareNestPost(total: number, concurrency: number, body: string, answer: string): Promise<CeilingResult> {
  const server = await startChild('nest', answer);
  try {
    const url = new URL(`http://127.0.0.1:${server.port}/bare`);
    return await rounds(total, concurrency, server.pid, async () => {
      const res = await pooledPost(url, body, {});
      if (res.status !== 200) throw new Error(`bare Nest POST answered ${res.status}`);
    });
  } finally {
    await closePools();
    await server.stop();
  }
}

/** What a bare broadcast of the burst's pushes cost, in ms of CPU (the median round of each). */
export interface BroadcastCpu {
  /** The bare server's: the framework's own cost of the fan-out. */
  serverMs: number;
  /** The receivers': the viewers' own clients (RawRoomSocket, this process) taking the same frames in. */
  receiversMs: number;
}

/**
 * A bare Socket.IO broadcast of the burst's pushes: `watchers` connections in one room, and the same pushes (event and
 * payload as watcher 0 received them, so the same bytes) emitted to that room, a window apart as in the burst. Answers
 * the CPU of the server and of the receivers for all of them, the median of ROUNDS after a warm-up round: the
 * framework's own cost of the pushes an entry burst sends, which the product's api pays on top of its
 * acknowledgements, and the cost of taking them in, which the viewers pay whoever sends them. The receivers are the
 * burst's own watcher client, joined as a page joins, so the two figures compare like with like.
 */
export async function bareBroadcastCpuMs(
  watchers: number,
  pushes: [event: string, payload: unknown][],
  gapMs: number,
): Promise<BroadcastCpu> {
  const server = await startChild('broadcast', '');
  const base = `http://127.0.0.1:${server.port}`;
  const receivers: RawRoomSocket[] = [];
  try {
    receivers.push(...(await makeInBatches(watchers, 50, () => RawRoomSocket.join(base, base, 'room', pushes[0]![0]))));
    const received = () => receivers.reduce((n, r) => n + r.frames.length, 0);
    const round = async (): Promise<BroadcastCpu> => {
      const expected = received() + pushes.length * receivers.length;
      const before = { server: processCpuMs(server.pid), receivers: processCpuMs(process.pid) };
      await server.request({ pushes, gapMs });
      while (received() < expected) await new Promise((r) => setTimeout(r, 10));
      return { serverMs: processCpuMs(server.pid) - before.server, receiversMs: processCpuMs(process.pid) - before.receivers };
    };
    await round();
    const measured: BroadcastCpu[] = [];
    for (let r = 0; r < ROUNDS; r++) measured.push(await round());
    const median = (pick: (c: BroadcastCpu) => number) => measured.map(pick).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
    return { serverMs: median((c) => c.serverMs), receiversMs: median((c) => c.receiversMs) };
  } finally {
    receivers.forEach((r) => r.close());
    await server.stop();
  }
}

/** `count` Socket.IO clients of the bare server on `port`, 50 connecting at a time. */
function connectClients(port: number, count: number): Promise<Socket[]> {
  return makeInBatches(count, 50, async () => {
    const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  });
}

function ioServer(): void {
  const { event, answer } = JSON.parse(process.env.BARE_ANSWER!) as { event: string; answer: unknown };
  const http = createServer();
  const server = new Server(http, { path: '/socket.io', transports: ['websocket'] });
  server.on('connection', (socket) => socket.on(event, (_request: unknown, ack: (a: unknown) => void) => ack(answer)));
  http.listen(0, '127.0.0.1', () => process.send!({ port: (http.address() as { port: number }).port }));
}

/** Joins each connection to the room it asks for, as the product's rooms do; on a message from the bench, emits its pushes to `room` a gap apart. */
function broadcastServer(): void {
  const http = createServer();
  const server = new Server(http, { path: '/socket.io', transports: ['websocket'], perMessageDeflate: false });
  server.on('connection', (socket) =>
    socket.on('room:join', async (room: string) => {
      await socket.join(room);
      socket.emit('room:joined', room);
    }),
  );
  process.on('message', async ({ pushes, gapMs }: { pushes: [string, unknown][]; gapMs: number }) => {
    for (const [event, payload] of pushes) {
      server.to('room').emit(event, payload);
      await new Promise((r) => setTimeout(r, gapMs));
    }
    process.send!('sent');
  });
  http.listen(0, '127.0.0.1', () => process.send!({ port: (http.address() as { port: number }).port }));
}

async function nestServer(): Promise<void> {
  const answer = process.env.BARE_ANSWER!;
  @Controller()
  class BareController {
    @Post('bare')
    @HttpCode(200)
    @Header('content-type', 'application/json; charset=utf-8')
    answer(): string {
      return answer;
    }
  }
  @Module({ controllers: [BareController] })
  class BareModule {}
  const app = await NestFactory.create<NestExpressApplication>(BareModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  process.send!({ port: (app.getHttpServer().address() as { port: number }).port });
}

if (require.main === module) {
  if (process.argv[2] === 'io') ioServer();
  else if (process.argv[2] === 'nest') void nestServer();
  else if (process.argv[2] === 'broadcast') broadcastServer();
}
