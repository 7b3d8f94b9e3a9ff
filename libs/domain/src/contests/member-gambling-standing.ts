import { Injectable } from '@nestjs/common';

/**
 * Whether a member may take part in points games (contests). The one place contests ask: self-exclusion (the
 * responsible-gambling work of issue #53) is not on this branch yet, so every member may; its check replaces this
 * body when it lands, and every caller keeps asking here.
 */
@Injectable()
export class MemberGamblingStanding {
  mayTakePart(_memberId: number): Promise<boolean> {
    return Promise.resolve(true);
  }
}
