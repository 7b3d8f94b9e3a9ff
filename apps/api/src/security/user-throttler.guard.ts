import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

/** Limits per member when logged in (many viewers share one NAT address), per address otherwise. */
@Injectable()
export class UserThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const r = req as unknown as Request;
    const userId = r.session?.userId;
    return userId ? `user:${userId}` : `ip:${r.ip ?? 'unknown'}`;
  }
}
