import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { ADMIN_ROOM, KICK_CONNECTION_SCOPES, type KickChatAs, type KickConnectionStatus } from '@kickback/contracts';
import { AuditLogService, InjectRedis, RealtimeEmitter, unprocessable, withRedisLock } from '@kickback/platform';
import { KickConnectionRepository, type KickConnectionRow, type RefreshFailureKind } from './kick-connection.repository';
import { KickTokenCipher } from './kick-token-cipher';
import { KickTokenRefusal, KickUserAuthClient, type KickTokenSet } from './kick-user-auth.client';

/** A token this close to its expiry is refreshed before use (and by the worker's Kick upkeep job). */
export const REFRESH_BEFORE_MS = 10 * 60_000;
const REFRESH_LOCK = 'kick:connection:refresh';
const REFRESH_LOCK_MS = 30_000;
/** Kick's refresh tokens reportedly stop working about this long after the account was connected (docs/kick.md). */
export const KICK_CONNECTION_LIFETIME_DAYS = 30;
/** The admins are told this many days before. */
export const KICK_CONNECTION_WARN_DAYS = 3;
const DAY_MS = 86_400_000;

/** The admins' notices about the connection's token (pushed to the admin room, where the panel shows them). */
export const KICK_CONNECTION_NOTICES = {
  reconnect: (username: string) =>
    `Kick refused to refresh ${username}'s token: reconnect the Kick account (Admin → Kick connection). Bot replies and calls to Kick stop when its token expires.`,
  aging: (username: string, by: Date) =>
    `The Kick connection of ${username} is nearly ${KICK_CONNECTION_LIFETIME_DAYS} days old and Kick's refresh tokens stop working about then: reconnect it before ${by.toISOString().slice(0, 10)}.`,
} as const;
export interface ConnectedToken {
  accessToken: string;
  kickUserId: number;
  scopes: string[];
  /** How the admin chose to post replies (docs/kick.md "Chat"). */
  chatAs: KickChatAs;
}

/**
 * The Kick account the streamer (or their bot account) connected: its tokens sealed with SECRETS_KEY, refreshed
 * before expiry by one process at a time (Kick rotates the refresh token, so two refreshes at once would leave one
 * holding a dead token), revoked at Kick on disconnect, and why bot chat replies are off when they are.
 */
@Injectable()
export class KickConnectionService {
  private readonly logger = new Logger(KickConnectionService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly audit: AuditLogService,
    private readonly repository: KickConnectionRepository,
    private readonly cipher: KickTokenCipher,
    private readonly auth: KickUserAuthClient,
    private readonly realtime: RealtimeEmitter,
  ) {}

  /** The screen's account half; the channel half is KickChannelService's. */
  async status(): Promise<Omit<KickConnectionStatus, 'channel'>> {
    const row = await this.repository.get(this.em.fork());
    const scopes = row ? row.scopes.split(' ').filter(Boolean) : [];
    const missing = row ? KICK_CONNECTION_SCOPES.filter((s) => !scopes.includes(s)) : [...KICK_CONNECTION_SCOPES];
    return {
      connected: !!row,
      account: row ? { kick_user_id: row.kick_user_id, username: row.username } : null,
      scopes,
      missing_scopes: missing,
      expires_at: row ? new Date(row.expires_at).toISOString() : null,
      connected_at: row ? new Date(row.connected_at).toISOString() : null,
      reconnect_by: row ? new Date(new Date(row.connected_at).getTime() + KICK_CONNECTION_LIFETIME_DAYS * DAY_MS).toISOString() : null,
      token_refresh: { state: row?.refresh_error_kind ?? 'ok', message: row?.refresh_error ?? null },
      chat_replies: {
        on: !this.offReason(row),
        reason: this.offReason(row),
        as: row?.chat_as ?? 'user',
        failures: row?.chat_failures ?? 0,
        last_failure: row?.chat_last_failure ?? null,
        last_failed_at: row?.chat_failed_at ? new Date(row.chat_failed_at).toISOString() : null,
        last_sent_at: row?.chat_sent_at ? new Date(row.chat_sent_at).toISOString() : null,
      },
    };
  }

  /** Finishes the OAuth flow: the code's tokens and the account they belong to replace any earlier connection. */
  async connect(actorId: number, code: string, verifier: string): Promise<void> {
    const tokens = await this.auth.exchangeCode(code, verifier);
    const account = await this.auth.currentUser(tokens.accessToken);
    await this.em.fork().transactional(async (tx) => {
      const before = await this.repository.get(tx, true);
      await this.repository.put(
        tx,
        { kick_user_id: account.kickUserId, username: account.username, connected_by: actorId },
        this.seal(tokens),
      );
      await this.audit.record(tx, {
        actorId,
        action: 'kick.connection.connect',
        entity: 'kick_connection',
        entityId: 1,
        before: before ? { kick_user_id: before.kick_user_id, username: before.username } : undefined,
        after: { kick_user_id: account.kickUserId, username: account.username, scopes: tokens.scopes.join(' ') },
      });
    });
  }

  /** Forgets the tokens first (nothing uses them after this), then asks Kick to revoke both. */
  async disconnect(actorId: number): Promise<void> {
    const row = await this.em.fork().transactional(async (tx) => {
      const removed = await this.repository.delete(tx);
      if (removed)
        await this.audit.record(tx, {
          actorId,
          action: 'kick.connection.disconnect',
          entity: 'kick_connection',
          entityId: 1,
          before: { kick_user_id: removed.kick_user_id, username: removed.username },
        });
      return removed;
    });
    if (!row) return;
    const revokes: Promise<void>[] = [this.auth.revoke(this.cipher.open(row.access_token_enc), 'access_token')];
    if (row.refresh_token_enc) revokes.push(this.auth.revoke(this.cipher.open(row.refresh_token_enc), 'refresh_token'));
    for (const result of await Promise.allSettled(revokes))
      if (result.status === 'rejected') this.logger.warn({ err: result.reason }, 'Kick token revoke failed');
  }

  /** The connected account's access token, refreshed first when it is about to expire; null when none is usable. */
  async token(): Promise<ConnectedToken | null> {
    let row = await this.repository.get(this.em.fork());
    if (!row) return null;
    if (this.due(row)) row = await this.refresh(row);
    if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
    return {
      accessToken: this.cipher.open(row.access_token_enc),
      kickUserId: row.kick_user_id,
      scopes: row.scopes.split(' '),
      chatAs: row.chat_as,
    };
  }

  /** The worker's upkeep: keeps an unused connection alive. */
  async refreshIfDue(): Promise<void> {
    const row = await this.repository.get(this.em.fork());
    if (row && this.due(row)) await this.refresh(row);
  }

  /** A chat send reached Kick. */
  async recordChatSent(): Promise<void> {
    await this.repository.chatSent(this.em.fork());
  }

  /**
   * A chat send failed: counted and shown as the last failure on the Kick connection screen; `offReason` when replies
   * cannot work until the admin acts (a refused token), shown as why they are off.
   */
  async recordChatFailure(failure: string, offReason: string | null = null): Promise<void> {
    await this.repository.chatFailed(this.em.fork(), failure.slice(0, 300), offReason?.slice(0, 300) ?? null);
  }

  /** The admin's choice of how replies are posted (audited). */
  async setChatAs(actorId: number, chatAs: KickChatAs): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const before = await this.repository.get(tx, true);
      if (!before) throw unprocessable('Connect a Kick account first.', { as: ['Connect a Kick account first.'] });
      await this.repository.setChatAs(tx, chatAs);
      await this.audit.record(tx, {
        actorId,
        action: 'kick.connection.chat-as',
        entity: 'kick_connection',
        entityId: 1,
        before: { chat_as: before.chat_as },
        after: { chat_as: chatAs },
      });
    });
  }

  /** The worker's upkeep: tells the admins, once per connection, that it nears the age at which Kick's refresh dies. */
  async warnIfAging(): Promise<void> {
    const row = await this.repository.markAgeNotified(this.em.fork(), KICK_CONNECTION_LIFETIME_DAYS - KICK_CONNECTION_WARN_DAYS);
    if (!row) return;
    const by = new Date(new Date(row.connected_at).getTime() + KICK_CONNECTION_LIFETIME_DAYS * DAY_MS);
    this.realtime.toRoom(ADMIN_ROOM, 'user:notification', { type: 'warning', message: KICK_CONNECTION_NOTICES.aging(row.username, by) });
  }

  private offReason(row: KickConnectionRow | null): string | null {
    if (!row) return 'No Kick account is connected: bot replies to chat commands are off (commands still work on the site).';
    if (!row.scopes.split(' ').includes('chat:write'))
      return `${row.username} did not grant chat:write: reconnect and allow sending chat messages.`;
    if (row.refresh_error_kind === 'reconnect') return row.refresh_error;
    return row.chat_error;
  }

  private due(row: KickConnectionRow): boolean {
    return new Date(row.expires_at).getTime() - Date.now() < REFRESH_BEFORE_MS;
  }

  /**
   * One refresh at a time; whoever waited finds the token changed since `seen` and reads what the holder stored. A
   * failure is recorded by kind (Kick refused the grant: reconnect; anything else: retried at the next use or upkeep)
   * and the next success clears it; the admins are told when a reconnect becomes needed.
   */
  private async refresh(seen: KickConnectionRow): Promise<KickConnectionRow | null> {
    await withRedisLock(
      this.redis,
      REFRESH_LOCK,
      REFRESH_LOCK_MS,
      async () => {
        const em = this.em.fork();
        const row = await this.repository.get(em);
        if (!row || row.access_token_enc !== seen.access_token_enc || !this.due(row)) return;
        if (!row.refresh_token_enc) {
          await this.refreshFailed(em, row, 'reconnect', 'The connected account has no refresh token: reconnect it.');
          return;
        }
        try {
          const tokens = await this.auth.refresh(this.cipher.open(row.refresh_token_enc));
          await this.repository.setTokens(em, this.seal(tokens, row));
        } catch (err) {
          this.logger.warn({ err }, 'Kick token refresh failed');
          if (err instanceof KickTokenRefusal && err.reconnectNeeded)
            await this.refreshFailed(
              em,
              row,
              'reconnect',
              `Kick refused to refresh the connected account's token (${err.message}): reconnect it.`,
            );
          else
            await this.refreshFailed(
              em,
              row,
              'retrying',
              `Refreshing the connected account's token failed (${(err as Error).message}): retrying at the next use.`,
            );
        }
      },
      REFRESH_LOCK_MS,
    );
    return this.repository.get(this.em.fork());
  }

  private async refreshFailed(em: EntityManager, row: KickConnectionRow, kind: RefreshFailureKind, message: string): Promise<void> {
    const before = await this.repository.setRefreshFailure(em, kind, message);
    if (kind === 'reconnect' && before !== 'reconnect')
      this.realtime.toRoom(ADMIN_ROOM, 'user:notification', { type: 'error', message: KICK_CONNECTION_NOTICES.reconnect(row.username) });
  }

  private seal(tokens: KickTokenSet, previous?: KickConnectionRow) {
    return {
      access_token_enc: this.cipher.seal(tokens.accessToken),
      // Kick may answer a refresh without a new refresh token: the old one stays.
      refresh_token_enc: tokens.refreshToken ? this.cipher.seal(tokens.refreshToken) : (previous?.refresh_token_enc ?? null),
      expires_at: tokens.expiresAt,
      scopes: tokens.scopes.length ? tokens.scopes.join(' ') : (previous?.scopes ?? ''),
    };
  }
}
