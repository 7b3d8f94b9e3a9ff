import type { RoomJoinAnswer } from '@kickback/contracts';
import { ENTER_LOGIN_MESSAGE } from '@kickback/domain';
import { TOO_MANY_REQUESTS, fail } from '@kickback/platform';
import type { SocketEventPolicy } from './socket-event-limits';

const MINUTE = 60_000;
/** Room events are open to visitors, so only a rate limit refuses them: answered as room:join answers a refusal. */
const roomRefusal = (_status: 401 | 429, room: unknown): RoomJoinAnswer => ({
  room: typeof room === 'string' ? room.slice(0, 64) : '',
  joined: false,
  message: TOO_MANY_REQUESTS.body.message,
});

/**
 * Every client→server event and its limits: the per-member ones match the HTTP twin where there is one (30 raffle
 * entries a minute; the entry also keeps its Redis budget shared with HTTP), and allow a few tabs' worth of a
 * page's normal traffic (a heartbeat every 1-30 s, a page joining a handful of rooms). A connection may send only a
 * few heartbeats or room changes at once (a page beats once per timer or visibility change, joins at most its 24 rooms
 * on load), then at that pace; entries keep their whole minute's allowance (a member may enter several raffles at once). Events not listed are dropped.
 */
export const SOCKET_EVENT_POLICIES: Readonly<Record<string, SocketEventPolicy>> = {
  'raffle:enter': {
    membersOnly: true,
    perConnection: { limit: 30, windowMs: MINUTE },
    perMember: { limit: 30, windowMs: MINUTE },
    refusal: (status) => (status === 401 ? { status, body: fail(ENTER_LOGIN_MESSAGE) } : TOO_MANY_REQUESTS),
  },
  'activity:heartbeat': {
    membersOnly: true,
    perConnection: { limit: 90, windowMs: MINUTE, burst: 4 },
    perMember: { limit: 180, windowMs: MINUTE },
    refusal: () => ({ counted: false, awarded: 0, next_beat_seconds: null }),
  },
  'room:join': {
    membersOnly: false,
    perConnection: { limit: 120, windowMs: MINUTE, burst: 24 },
    perMember: { limit: 480, windowMs: MINUTE },
    refusal: roomRefusal,
  },
  'room:leave': {
    membersOnly: false,
    perConnection: { limit: 120, windowMs: MINUTE, burst: 24 },
    perMember: { limit: 480, windowMs: MINUTE },
    refusal: roomRefusal,
  },
};
