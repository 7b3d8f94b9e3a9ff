import { ArgumentsHost, Catch, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { INTERNAL_ERROR, SERVICE_UNAVAILABLE, errorEnvelope } from './error-envelope';
import { CountedAsMalformed, MALFORMED_INPUT_LOCAL } from './api-errors';

/** The one place that shapes every HTTP error answer: the SPEC envelope, never a stack trace. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;
    const known = errorEnvelope(exception);
    if (!known) this.logger.error({ err: exception, path: req.originalUrl }, 'unhandled error');
    // Outages are answered 503 but still logged: a bug must not hide behind one.
    else if (known === SERVICE_UNAVAILABLE) this.logger.warn({ err: exception, path: req.originalUrl }, 'database or Redis unavailable');
    if (exception instanceof CountedAsMalformed) res.locals[MALFORMED_INPUT_LOCAL] = true;
    const { status, body } = known ?? INTERNAL_ERROR;
    res.status(status).json(body);
  }
}
