import { Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from '@kickback/platform';
import { mentionsKick, scrubKickText, type KickTraces } from './kick-trace-text';

/** BullMQ's keys: `bull:<queue>:<job id>` hashes hold a job; its lists, sets and counters hold only ids. */
const QUEUE_PREFIX = 'bull:';
/** The fields of a job hash that carry what the job was given, answered or failed with. */
const JOB_TEXT_FIELDS = ['data', 'returnvalue', 'failedReason', 'stacktrace'];
/** Of those, the ones that are prose (an error's message and stack), read word by word even when they are JSON. */
const JOB_PROSE_FIELDS = new Set(['failedReason', 'stacktrace']);
const SCAN_COUNT = 500;

/**
 * After a deletion commits: every Redis key is read once, and what names the member's Kick account goes. Jobs in any
 * state keep running (or stay for a retry) with their texts rewritten as the events were; a queue's event log loses
 * the entries naming the account; any other key named after the account or holding it as a whole value (a cache, a
 * per-account marker) is deleted, and lists, sets, hashes and streams lose the members that name it (the admin's
 * recent Kick deliveries). A bare number is never taken for the Kick id: counters and ids share digits with it.
 */
@Injectable()
export class KickTraceRedisScrubber {
  private readonly logger = new Logger(KickTraceRedisScrubber.name);

  constructor(@InjectRedis() private readonly redis: Redis) {}

  async scrub(traces: KickTraces): Promise<number> {
    let changed = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'COUNT', SCAN_COUNT);
      cursor = next;
      for (const key of keys) if (await this.scrubKey(key, traces)) changed++;
    } while (cursor !== '0');
    if (changed > 0) this.logger.log({ keys: changed }, 'deleted member: Redis keys scrubbed');
    return changed;
  }

  private async scrubKey(key: string, traces: KickTraces): Promise<boolean> {
    const names = (text: string) => !/^\d+$/.test(text) && mentionsKick(text, traces);
    const inQueue = key.startsWith(QUEUE_PREFIX);
    const type = await this.redis.type(key);
    if (!inQueue && names(key)) return (await this.redis.del(key)) > 0;
    switch (type) {
      case 'hash':
        return inQueue ? this.scrubJob(key, traces) : this.dropHashFields(key, names);
      case 'stream':
        return this.dropStreamEntries(key, names);
      case 'string': {
        if (inQueue) return false;
        const value = await this.redis.get(key);
        return value !== null && names(value) && (await this.redis.del(key)) > 0;
      }
      case 'list': {
        if (inQueue) return false;
        const hits = (await this.redis.lrange(key, 0, -1)).filter(names);
        for (const value of new Set(hits)) await this.redis.lrem(key, 0, value);
        return hits.length > 0;
      }
      case 'set': {
        const hits = inQueue ? [] : (await this.redis.smembers(key)).filter(names);
        if (hits.length) await this.redis.srem(key, ...hits);
        return hits.length > 0;
      }
      case 'zset': {
        const hits = inQueue ? [] : (await this.redis.zrange(key, 0, -1)).filter(names);
        if (hits.length) await this.redis.zrem(key, ...hits);
        return hits.length > 0;
      }
      default:
        return false;
    }
  }

  /** A job (any state) keeps its place and runs as it would have, with its texts rewritten. */
  private async scrubJob(key: string, traces: KickTraces): Promise<boolean> {
    const values = await this.redis.hmget(key, ...JOB_TEXT_FIELDS);
    const rewritten: Record<string, string> = {};
    values.forEach((value, i) => {
      const field = JOB_TEXT_FIELDS[i]!;
      const prose = JOB_PROSE_FIELDS.has(field);
      if (value !== null && mentionsKick(value, traces, prose)) rewritten[field] = scrubKickText(value, traces, prose);
    });
    if (!Object.keys(rewritten).length) return false;
    // Only a job still there is rewritten: one removed meanwhile must not come back as a bare hash.
    await this.redis.eval(
      `if redis.call('exists', KEYS[1]) == 1 then return redis.call('hset', KEYS[1], unpack(ARGV)) end return 0`,
      1,
      key,
      ...Object.entries(rewritten).flat(),
    );
    return true;
  }

  private async dropHashFields(key: string, names: (text: string) => boolean): Promise<boolean> {
    const hits = Object.entries(await this.redis.hgetall(key))
      .filter(([field, value]) => names(field) || names(value))
      .map(([field]) => field);
    if (hits.length) await this.redis.hdel(key, ...hits);
    return hits.length > 0;
  }

  private async dropStreamEntries(key: string, names: (text: string) => boolean): Promise<boolean> {
    const hits = (await this.redis.xrange(key, '-', '+')).filter(([, fields]) => fields.some(names)).map(([id]) => id);
    if (hits.length) await this.redis.xdel(key, ...hits);
    return hits.length > 0;
  }
}
