import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../config/app-config';
import { redactUrl } from './redact-url';

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** JSON logs with a request id (taken from X-Request-Id when a proxy set one); secrets redacted. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.env.LOG_LEVEL,
          genReqId: (req: IncomingMessage) => {
            const given = req.headers['x-request-id'];
            return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
          },
          // Session ids (cookies), CSRF tokens, OAuth codes and state, webhook signatures never reach a log line.
          redact: [
            'req.headers.cookie',
            'req.headers.authorization',
            'req.headers["x-csrf-token"]',
            'req.headers["kick-event-signature"]',
            'req.headers["idempotency-key"]',
            'req.query.code',
            'req.query.state',
            'res.headers["set-cookie"]',
          ],
          serializers: { req: (req: { url?: string }) => ({ ...req, url: redactUrl(req.url) }) },
          autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.has((req.url ?? '').split('?')[0]) },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
