import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis } from '@kickback/platform';

const sentKey = (messageId: string) => `activity:chat:sent:${messageId}`;
const pendingKey = (content: string) => `activity:chat:pending:${createHash('sha256').update(content).digest('base64url')}`;
/** Kick echoes a sent message within seconds; a day covers a delivery retried for hours. */
const SENT_KEPT_SECONDS = 86_400;
/** The echo can arrive before Kick's answer to the send does: until then the text is what tells it apart. */
const PENDING_SECONDS = 120;

/**
 * The chat messages we posted ourselves. Kick delivers each of them back as `chat.message.sent` (docs/kick.md "Chat"):
 * such an echo must neither earn points nor count as a chatter, whichever account posted it.
 */
@Injectable()
export class KickOwnMessages {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /** Before a send: its text, in case the echo outruns Kick's answer. */
  async expect(content: string): Promise<void> {
    await this.redis.set(pendingKey(content), '1', 'EX', PENDING_SECONDS);
  }

  /** After a send: Kick's id of the posted message. */
  async sent(messageId: string): Promise<void> {
    await this.redis.set(sentKey(messageId), '1', 'EX', SENT_KEPT_SECONDS);
  }

  /** Whether a delivered chat message is one of ours: its id, else its text while a send of it is recent. */
  async isOwn(messageId: string | undefined, content: string): Promise<boolean> {
    const keys = messageId ? [sentKey(messageId), pendingKey(content)] : [pendingKey(content)];
    return (await this.redis.exists(...keys)) > 0;
  }
}
