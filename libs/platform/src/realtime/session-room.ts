import { createHash } from 'node:crypto';

/**
 * The room of every socket opened with one session, so a logout reaches that session's sockets on every
 * replica. Named by a hash: room names travel over Redis pub/sub, the session id need not.
 */
export function sessionRoom(sessionId: string): string {
  return `session:${createHash('sha256').update(sessionId).digest('base64url').slice(0, 22)}`;
}
