import 'reflect-metadata';
import { loadEnv } from '@kickback/platform';
import { createApiApp } from './bootstrap/create-api-app';

async function main(): Promise<void> {
  const env = loadEnv();
  const app = await createApiApp(env);
  // Lets in-flight requests finish on SIGTERM while the load balancer stops sending new ones.
  app.getHttpServer().keepAliveTimeout = 65_000;
  await app.listen(env.PORT);
  console.log(`Kickback api listening on ${env.APP_URL} (port ${env.PORT})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
