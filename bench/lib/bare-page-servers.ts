/**
 * Bare servers a live page's loads and pushes are compared with, each run as a process of its own (forked by
 * live-night.ts and socket-scale.ts):
 *   bare-nest <answers.json>  an empty NestJS app answering GET /bare/{i} with the i-th recorded answer;
 *   bare-io <event>           a bare Socket.IO server that joins rooms on request and emits what its parent sends.
 * Each tells its parent the port it listens on.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { Controller, Get, Header, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

async function bareNest(answersFile: string): Promise<void> {
  const answers = JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, string>;
  @Controller()
  class BareController {
    @Get('bare/:index')
    @Header('content-type', 'text/plain; charset=utf-8')
    answer(@Param('index') index: string): string {
      return answers[index] ?? '';
    }
  }
  @Module({ controllers: [BareController] })
  class BareModule {}
  const app = await NestFactory.create<NestExpressApplication>(BareModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  process.send!({ type: 'listening', port: (app.getHttpServer().address() as { port: number }).port });
}

function bareIo(event: string): void {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
  io.on('connection', (socket) => {
    socket.on('room:join', (room: string) => {
      void socket.join(room);
      socket.emit('room:joined', { room });
    });
  });
  http.listen(0, '127.0.0.1', () => process.send!({ type: 'listening', port: (http.address() as { port: number }).port }));
  process.on('message', (m: { room: string; payload: unknown }) => io.to(m.room).emit(event, m.payload));
  // A clean exit on SIGTERM, so that a CPU profile asked for with --cpu-prof is written (the api's shutdown does the same).
  process.once('SIGTERM', () => process.exit(0));
}

if (process.argv[2] === 'bare-nest') void bareNest(process.argv[3]!);
else if (process.argv[2] === 'bare-io') bareIo(process.argv[3]!);
else throw new Error(`unknown bare ceiling ${process.argv[2]}`);
