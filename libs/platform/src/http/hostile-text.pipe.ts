import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { refuseHostileText } from './hostile-text';

/**
 * Global pipe: no path value, named query value or named body field carrying NUL or a lone surrogate reaches a
 * controller, so none reaches PostgreSQL as a 500. A whole body or query is left to the route's schema pipe
 * (ZodValidationPipe), which scans only what its schema accepted: a large value is refused by size and shape first,
 * never walked here. Custom decorators (the session user) pass.
 */
@Injectable()
export class HostileTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    if ((metadata.type === 'body' || metadata.type === 'query') && metadata.data === undefined) return value;
    refuseHostileText(value, metadata.data ?? '_');
    return value;
  }
}
