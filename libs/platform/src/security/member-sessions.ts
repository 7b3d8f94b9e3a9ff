import { Injectable } from '@nestjs/common';
import RedisStore from 'connect-redis';
import type { SessionData } from 'express-session';
import type Redis from 'ioredis';
import { userRoom, type Role } from '@kickback/contracts';
import { InjectRedis } from '../redis/redis.module';
import { RealtimeEmitter } from '../realtime/realtime-emitter.service';
import './session-data';

export const SESSION_KEY_PREFIX = 'sess:';

/** The store's key of a session (the store's own prefix), for the reads and writes made beside the store. */
export const storedSessionKey = (sessionId: string) => SESSION_KEY_PREFIX + sessionId;

/** A session as the store writes it (connect-redis' JSON serializer), or null when there is none. */
export const parseStoredSession = (raw: unknown): SessionData | null =>
  typeof raw === 'string' && raw ? (JSON.parse(raw) as SessionData) : null;

/** The ids of a member's live sessions, so a ban or a role change reaches every one of them. */
export const memberSessionsKey = (userId: number) => `user-sessions:${userId}`;

/**
 * A member session is written only while its id is still listed for the member: a request that was in
 * flight when the member was banned cannot write the ended session back. The list lives as long as the
 * longest of its sessions.
 */
const SAVE_MEMBER_SESSION = `
if redis.call('sismember', KEYS[2], ARGV[3]) == 0 then return 0 end
redis.call('set', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('expire', KEYS[2], ARGV[2], 'GT')
return 1`;

type Done = (err?: unknown) => void;

/** connect-redis with the member-session rule above; anonymous sessions are stored as usual. */
export class MemberSessionStore extends RedisStore {
  constructor(
    private readonly redis: Redis,
    ttlSeconds: number,
  ) {
    // No touch on every request (a Redis write per API call); page loads refresh the expiry instead (refreshSessionExpiry).
    super({ client: redis, prefix: SESSION_KEY_PREFIX, ttl: ttlSeconds, disableTouch: true });
  }

  override async set(sid: string, sess: SessionData, cb: Done = () => undefined): Promise<void> {
    if (!sess.userId) return super.set(sid, sess, cb);
    const expires = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : 0;
    const ttl = Math.ceil((expires - Date.now()) / 1000);
    if (ttl <= 0) return this.destroy(sid, cb);
    try {
      await this.redis.eval(SAVE_MEMBER_SESSION, 2, storedSessionKey(sid), memberSessionsKey(sess.userId), JSON.stringify(sess), ttl, sid);
      cb();
    } catch (err) {
      cb(err);
    }
  }
}

/**
 * Every session of a member, on every replica: listed at login, forgotten at logout, ended all at once
 * (ban) or given a new role (role change). Sockets of the member are disconnected on every replica so
 * they reconnect with whatever the member's sessions still grant.
 */
@Injectable()
export class MemberSessions {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly realtime: RealtimeEmitter,
  ) {}

  /** Before the session's first save: the store writes only listed member sessions. */
  async track(userId: number, sessionId: string, ttlSeconds: number): Promise<void> {
    const key = memberSessionsKey(userId);
    await this.redis.multi().sadd(key, sessionId).expire(key, ttlSeconds, 'GT').expire(key, ttlSeconds, 'NX').exec();
  }

  async forget(userId: number, sessionId: string): Promise<void> {
    await this.redis.srem(memberSessionsKey(userId), sessionId);
  }

  /** Deletes every session of the member and ends their sockets; returns how many sessions there were. */
  async endAll(userId: number): Promise<number> {
    const key = memberSessionsKey(userId);
    const ids = await this.redis.smembers(key);
    await this.redis
      .multi()
      .del(key, ...ids.map(storedSessionKey))
      .exec();
    this.realtime.disconnectRoom(userRoom(userId));
    return ids.length;
  }

  /** Writes the new role into each live session and reconnects the member's sockets, which rejoin by the new role. */
  async changeRole(userId: number, role: Role): Promise<void> {
    const ids = await this.redis.smembers(memberSessionsKey(userId));
    for (const id of ids) {
      const data = parseStoredSession(await this.redis.get(storedSessionKey(id)));
      if (!data || data.userId !== userId || data.role === role) continue;
      await this.redis.set(storedSessionKey(id), JSON.stringify({ ...data, role }), 'KEEPTTL', 'XX');
    }
    this.realtime.disconnectRoom(userRoom(userId));
  }
}
