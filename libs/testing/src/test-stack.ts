import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { EntityManager } from '@mikro-orm/postgresql';
import Redis from 'ioredis';
import type { AppEnv } from '@kickback/platform';
import { createApiApp } from '../../../apps/api/src/bootstrap/create-api-app';
import { createWorker, type WorkerOptions } from '../../../apps/worker/src/create-worker';
import { createTestDatabase } from './test-database';
import { testEnv } from './test-env';
import { TestClient } from './test-client';
import { createUser, type UserFactoryInput } from './factories';

export interface RunningApi {
  app: NestExpressApplication;
  url: string;
  client: () => TestClient;
  /** A client logged in as a new member made from `fields` (role, names…). */
  signedIn: (fields?: UserFactoryInput) => Promise<TestClient>;
  close: () => Promise<void>;
}

export async function startApi(env: AppEnv): Promise<RunningApi> {
  const app = await createApiApp(env);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const client = () => new TestClient(url, env.APP_URL.replace(/\/$/, ''));
  const signedIn = async (fields?: UserFactoryInput) => {
    const signed = client();
    await signed.loginAs((await createUser(app.get(EntityManager), fields)).id);
    return signed;
  };
  return { app, url, client, signedIn, close: () => app.close() };
}

export async function startWorker(env: AppEnv, options?: WorkerOptions): Promise<INestApplicationContext> {
  return createWorker(env, options);
}

/** One test file's world: its own database, a clean Redis DB, env, and helpers to start processes. */
export async function createTestStack(overrides: Record<string, string> = {}) {
  const db = await createTestDatabase();
  const env = testEnv(db.url, overrides);
  const redis = new Redis(env.REDIS_URL);
  await redis.flushdb();
  const closers: (() => Promise<unknown>)[] = [];
  return {
    env,
    redis,
    databaseUrl: db.url,
    async api(extra: Partial<AppEnv> = {}) {
      const api = await startApi({ ...env, ...extra });
      closers.push(api.close);
      return api;
    },
    async worker(options?: WorkerOptions, extra: Partial<AppEnv> = {}) {
      const worker = await startWorker({ ...env, ...extra }, options);
      closers.push(() => worker.close());
      return worker;
    },
    em(app: INestApplicationContext): EntityManager {
      return app.get(EntityManager).fork();
    },
    async close() {
      for (const close of closers.reverse()) await close().catch(() => undefined);
      await redis.flushdb();
      redis.disconnect();
      await db.drop();
    },
  };
}
export type TestStack = Awaited<ReturnType<typeof createTestStack>>;
