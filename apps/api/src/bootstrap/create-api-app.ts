import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppEnv } from '@kickback/platform';
import { ApiModule } from '../api.module';
import { configureApiApp } from './configure-api-app';

export async function createApiApp(env?: AppEnv): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(env), {
    bufferLogs: true,
    bodyParser: false,
  });
  configureApiApp(app);
  return app;
}
