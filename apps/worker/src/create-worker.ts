import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { NestPinoLogger, OutboxRelayService, type AppEnv } from '@kickback/platform';
import { WorkerModule } from './worker.module';
import { WorkerHealthServer } from './ops/worker-health.server';

export interface WorkerOptions {
  relay?: boolean;
  healthServer?: boolean;
}

/** Boots the worker: queue processors start with the context; the relay and health server on request. */
export async function createWorker(env?: AppEnv, options: WorkerOptions = {}): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(env), { bufferLogs: true });
  app.useLogger(app.get(NestPinoLogger));
  app.enableShutdownHooks();
  if (options.relay !== false) app.get(OutboxRelayService).start();
  if (options.healthServer !== false) {
    await app
      .get(WorkerHealthServer)
      .listen()
      .catch(async (err: unknown) => {
        await app.close();
        throw err;
      });
  }
  return app;
}
