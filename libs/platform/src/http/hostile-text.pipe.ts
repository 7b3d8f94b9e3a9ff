import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { unprocessable } from './api-errors';
import { HOSTILE_TEXT_MESSAGE, hostileTextPaths } from './hostile-text';

/**
 * Global pipe: no body, query or path value carrying NUL or a lone surrogate reaches a controller, so none
 * reaches PostgreSQL as a 500. Runs before the route's own pipes; custom decorators (the session user) pass.
 */
@Injectable()
export class HostileTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const paths = hostileTextPaths(value);
    if (!paths.length) return value;
    const field = (path: string) => (path === '_' && metadata.data ? metadata.data : path);
    throw unprocessable(HOSTILE_TEXT_MESSAGE, Object.fromEntries(paths.map((p) => [field(p), [HOSTILE_TEXT_MESSAGE]])));
  }
}
