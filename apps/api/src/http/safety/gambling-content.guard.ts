import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { SAFETY_MESSAGES } from '@kickback/contracts';
import { forbidden } from '@kickback/platform';
import { ViewerSafetyReader } from './viewer-safety.reader';

/**
 * In front of bonus hunts and tournaments: refused (403) to a member on a break and to a viewer who answered the age
 * question "No". A viewer who has not answered yet is asked by the page before it shows them.
 */
@Injectable()
export class GamblingContentGuard implements CanActivate {
  constructor(private readonly reader: ViewerSafetyReader) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const safety = await this.reader.of(context.switchToHttp().getRequest<Request>());
    if (safety.break) throw forbidden(SAFETY_MESSAGES.onBreak);
    if (safety.gate === 'declined') throw forbidden(SAFETY_MESSAGES.offersHidden);
    return true;
  }
}
