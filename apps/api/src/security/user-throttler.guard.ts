import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Limits per member when logged in (many viewers share one NAT address), per address otherwise.
 * Reads without their own @Throttle are not counted: they change nothing, are served from
 * caches, and counting them would cost a Redis round trip on every page view during a stream.
 */
@Injectable()
export class UserThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const r = req as unknown as Request;
    const userId = r.session?.userId;
    return userId ? `user:${userId}` : `ip:${r.ip ?? 'unknown'}`;
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const method = context.switchToHttp().getRequest<Request>().method;
    if (!READS.has(method)) return false;
    const explicit = this.reflector.getAllAndOverride<unknown>('THROTTLER:LIMITdefault', [context.getHandler(), context.getClass()]);
    return explicit === undefined;
  }
}
