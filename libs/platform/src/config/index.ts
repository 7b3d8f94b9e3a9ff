export * from './env.schema';
export * from './load-env';
export * from './app-config';
export * from './config.module';
