import { Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { NestPinoLogger } from './nest-pino-logger';
import { createRootLogger } from './root-logger';

/** The process's pino logger, by this token; the api's access log and Nest's own logger both write to it. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** JSON logs on stdout at LOG_LEVEL: `app.useLogger(app.get(NestPinoLogger))` routes Nest's logger here. */
@Global()
@Module({
  providers: [
    { provide: ROOT_LOGGER, inject: [AppConfig], useFactory: (config: AppConfig) => createRootLogger(config.env.LOG_LEVEL) },
    { provide: NestPinoLogger, inject: [ROOT_LOGGER], useFactory: (root: Logger) => new NestPinoLogger(root) },
  ],
  exports: [ROOT_LOGGER, NestPinoLogger],
})
export class LoggingModule {}
