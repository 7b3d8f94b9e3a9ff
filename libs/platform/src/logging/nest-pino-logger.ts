import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/**
 * Nest's logger contract written to the process's pino logger: `new Logger(Context).log(...)` anywhere in the app
 * becomes one JSON line with `context`, and, inside a request, its `reqId` (added by the root logger's mixin).
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  // Nest passes the context as the last argument; its exception handlers call error(message, stack, context).
  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const rest = params.length ? params.slice(0, -1) : params;
    if (params.length) fields.context = params[params.length - 1];
    if (message instanceof Error) {
      fields.err = message;
      this.logger[level](fields, message.message, ...rest);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level](Object.assign(fields, message), ...(rest as []));
    } else if (level === 'error' && typeof rest[0] === 'string' && rest.length === 1) {
      const err = new Error(String(message));
      err.stack = rest[0];
      fields.err = err;
      this.logger[level](fields, String(message));
    } else {
      this.logger[level](fields, String(message), ...rest);
    }
  }
}
