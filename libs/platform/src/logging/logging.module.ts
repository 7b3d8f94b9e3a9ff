import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../config/app-config';
import { redactUrl } from './redact-url';

/** The raw request (serializers are not wrapped, so pino-std-serializers does not build its copy first). */
function serializeRequest(req: IncomingMessage & { id?: unknown; originalUrl?: string }) {
  return {
    id: req.id,
    method: req.method,
    url: redactUrl(req.originalUrl ?? req.url),
    remoteAddress: req.socket?.remoteAddress,
    userAgent: req.headers['user-agent'],
  };
}

function serializeResponse(res: { statusCode?: number }) {
  return { statusCode: res.statusCode };
}

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
          // One short line per request: the fields an operator follows a request by, not every header. Session ids
          // (cookies), CSRF tokens, idempotency keys and webhook signatures never reach a line because no header but
          // the user agent is picked, and OAuth codes and state in the URL are redacted by redactUrl. The default
          // serializers copied every request and response header and then redacted the secret ones on every
          // request, even at LOG_LEVEL=silent (the request's child logger binds the serialized request).
          serializers: { req: serializeRequest, res: serializeResponse },
          wrapSerializers: false,
          autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.has((req.url ?? '').split('?')[0]) },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
