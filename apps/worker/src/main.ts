import 'reflect-metadata';
import { loadEnv } from '@kickback/platform';
import { createWorker } from './create-worker';

createWorker(loadEnv())
  .then(() => console.log('Kickback worker running'))
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
