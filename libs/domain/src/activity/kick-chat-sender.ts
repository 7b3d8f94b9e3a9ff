import { Injectable, Logger } from '@nestjs/common';
import { KickAppClient, KickHttpError, chatContent, type KickChatType } from './kick-app.client';
import { KickConnectionService } from './kick-connection.service';
import { KickOwnMessages } from './kick-own-messages';

/** What became of one send: it reached chat, or it was not (or could not safely be) sent; `retry` is thrown instead. */
export type ChatSendResult = 'sent' | 'not-sent';

/**
 * A send that may be tried again later because nothing reached Kick (a refused connection, a 429 past its retries, no
 * token at hand); the queue's job retries it.
 */
export class ChatSendRetryable extends Error {}

/**
 * Posts in the channel's chat as docs/kick.md "Chat" says: `type: "user"` with `broadcaster_user_id` (as the connected
 * account), or `bot` when the admin chose it, falling back to `user` when Kick refuses the bot (a 4xx such as "Channel
 * not found"). A chat send is not idempotent: a 5xx or a timeout is recorded and never sent again. Every failure is
 * counted on the Kick connection screen; a sent message's id is remembered so its echo earns nothing.
 */
@Injectable()
export class KickChatSender {
  private readonly logger = new Logger(KickChatSender.name);

  constructor(
    private readonly kick: KickAppClient,
    private readonly connection: KickConnectionService,
    private readonly own: KickOwnMessages,
  ) {}

  async send(broadcasterUserId: number, content: string, replyTo: string | null = null): Promise<ChatSendResult> {
    const token = await this.connection.token();
    // No usable connection: the Kick connection screen already says why replies are off.
    if (!token || !token.scopes.includes('chat:write')) return 'not-sent';
    await this.own.expect(chatContent(content));
    const post = (type: KickChatType) => this.kick.sendChatMessage(token.accessToken, { broadcasterUserId, type, content, replyTo });
    try {
      let sent: { messageId: string | null };
      try {
        sent = await post(token.chatAs);
      } catch (err) {
        if (token.chatAs !== 'bot' || !refusedUnread(err)) throw err;
        await this.connection.recordChatFailure(
          `Kick refused the bot account (${(err as Error).message}): the reply went out as the connected account.`,
        );
        sent = await post('user');
      }
      if (sent.messageId) await this.own.sent(sent.messageId);
      await this.connection.recordChatSent();
      return 'sent';
    } catch (err) {
      return this.failed(err);
    }
  }

  private async failed(err: unknown): Promise<ChatSendResult> {
    const status = err instanceof KickHttpError ? err.status : null;
    if (status === 401 || status === 403) {
      await this.connection.recordChatFailure(
        `Kick refused the connected account's token for chat (HTTP ${status}).`,
        `Kick refused the connected account's token for chat (HTTP ${status}): reconnect it with chat:write.`,
      );
      return 'not-sent';
    }
    const message = (err as Error).message;
    await this.connection.recordChatFailure(`The last chat message could not be sent: ${message}.`);
    if (status === 429 || (status === null && refusedConnection(err))) throw new ChatSendRetryable(message);
    // A 5xx or a timeout: Kick may have posted it, so it is never sent again.
    this.logger.warn({ err }, 'Kick chat send failed; not sent again');
    return 'not-sent';
  }
}

/** Kick answered without acting on it: a 4xx other than a rate limit. */
function refusedUnread(err: unknown): boolean {
  return err instanceof KickHttpError && err.status >= 400 && err.status < 500 && err.status !== 429;
}

function refusedConnection(err: unknown): boolean {
  return (err as { cause?: { code?: string } } | null)?.cause?.code === 'ECONNREFUSED';
}
