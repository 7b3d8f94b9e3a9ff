import { Injectable } from '@nestjs/common';
import { RACES_ROOM, raceRoom } from '@kickback/contracts';
import { PushCoalescer, RealtimeEmitter } from '@kickback/platform';

/**
 * 'race:updated' to the race's room and the races list: a bounded push (ARCHITECTURE §3), coalesced per race so a
 * burst of admin edits and refreshes becomes at most one push per window; open pages and overlays refetch.
 */
@Injectable()
export class RacePushService {
  constructor(
    private readonly coalescer: PushCoalescer,
    private readonly realtime: RealtimeEmitter,
  ) {}

  async updated(raceId: number): Promise<void> {
    await this.coalescer.request(`race:${raceId}`, async () => {
      this.realtime.toRoom([raceRoom(raceId), RACES_ROOM], 'race:updated', { raceId, at: new Date().toISOString() });
    });
  }
}
