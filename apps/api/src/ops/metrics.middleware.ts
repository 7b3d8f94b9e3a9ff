import type { NextFunction, Request, Response } from 'express';
import { httpDuration, httpErrors } from './metrics';

/** Times every request, labelled by the route pattern (not the raw path, to bound cardinality). */
export function metricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const end = httpDuration.startTimer();
  res.on('finish', () => {
    const route = (req.route?.path as string | undefined) ?? (res.statusCode === 404 ? 'unmatched' : 'static');
    end({ method: req.method, route, status: String(res.statusCode) });
    if (res.statusCode >= 500) httpErrors.inc({ route });
  });
  next();
}
