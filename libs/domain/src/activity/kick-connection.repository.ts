import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface KickConnectionRow {
  kick_user_id: number;
  username: string;
  scopes: string;
  access_token_enc: string;
  refresh_token_enc: string | null;
  expires_at: Date;
  chat_error: string | null;
  connected_at: Date;
  chat_as: 'user' | 'bot';
  chat_failures: number;
  chat_last_failure: string | null;
  chat_failed_at: Date | null;
  chat_sent_at: Date | null;
  refresh_error: string | null;
  refresh_error_kind: RefreshFailureKind | null;
}

/** How the last token refresh failed: Kick refused the grant (only a new connection helps), or it may pass. */
export type RefreshFailureKind = 'reconnect' | 'retrying';

export interface SealedTokens {
  access_token_enc: string;
  refresh_token_enc: string | null;
  expires_at: Date;
  scopes: string;
}

const COLUMNS =
  'kick_user_id::float8 as kick_user_id, username, scopes, access_token_enc, refresh_token_enc, expires_at, chat_error, connected_at, ' +
  'chat_as, chat_failures, chat_last_failure, chat_failed_at, chat_sent_at, refresh_error, refresh_error_kind';

/** Every statement on kick_connection (one row: the account the streamer connected). */
@Injectable()
export class KickConnectionRepository {
  async get(em: EntityManager, forUpdate = false): Promise<KickConnectionRow | null> {
    const [row] = await em.execute<KickConnectionRow[]>(
      `select ${COLUMNS} from kick_connection where id = 1${forUpdate ? ' for update' : ''}`,
    );
    return row ?? null;
  }

  async put(
    em: EntityManager,
    account: { kick_user_id: number; username: string; connected_by: number },
    tokens: SealedTokens,
  ): Promise<void> {
    await em.execute(
      `insert into kick_connection (id, kick_user_id, username, scopes, access_token_enc, refresh_token_enc, expires_at, connected_by)
       values (1, ?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set kick_user_id = excluded.kick_user_id, username = excluded.username, scopes = excluded.scopes,
         access_token_enc = excluded.access_token_enc, refresh_token_enc = excluded.refresh_token_enc, expires_at = excluded.expires_at,
         connected_by = excluded.connected_by, chat_error = null, connected_at = now(), updated_at = now(),
         chat_failures = 0, chat_last_failure = null, chat_failed_at = null, chat_sent_at = null,
         refresh_error = null, refresh_error_kind = null, age_notified_at = null`,
      [
        account.kick_user_id,
        account.username,
        tokens.scopes,
        tokens.access_token_enc,
        tokens.refresh_token_enc,
        tokens.expires_at,
        account.connected_by,
      ],
    );
  }

  /** A refresh that worked: the new tokens, and whatever the last failure said is cleared. */
  async setTokens(em: EntityManager, tokens: SealedTokens): Promise<void> {
    await em.execute(
      `update kick_connection set access_token_enc = ?, refresh_token_enc = ?, expires_at = ?, scopes = ?,
         refresh_error = null, refresh_error_kind = null, updated_at = now() where id = 1`,
      [tokens.access_token_enc, tokens.refresh_token_enc, tokens.expires_at, tokens.scopes],
    );
  }

  async setChatError(em: EntityManager, error: string | null): Promise<void> {
    await em.execute(`update kick_connection set chat_error = ?, updated_at = now() where id = 1 and chat_error is distinct from ?`, [
      error,
      error,
    ]);
  }

  /** A chat send that reached Kick: the reason replies were off (a refused token) no longer holds. */
  async chatSent(em: EntityManager): Promise<void> {
    await em.execute(`update kick_connection set chat_sent_at = now(), chat_error = null, updated_at = now() where id = 1`);
  }

  /** A chat send that failed: counted, and kept as the last failure; `offReason` also turns replies off until one succeeds. */
  async chatFailed(em: EntityManager, failure: string, offReason: string | null): Promise<void> {
    await em.execute(
      `update kick_connection set chat_failures = chat_failures + 1, chat_last_failure = ?, chat_failed_at = now(),
         chat_error = coalesce(?, chat_error), updated_at = now() where id = 1`,
      [failure, offReason],
    );
  }

  async setChatAs(em: EntityManager, chatAs: 'user' | 'bot'): Promise<KickConnectionRow | null> {
    const [row] = await em.execute<KickConnectionRow[]>(
      `update kick_connection set chat_as = ?, updated_at = now() where id = 1 returning ${COLUMNS}`,
      [chatAs],
    );
    return row ?? null;
  }

  /** Records a failed refresh; answers the kind recorded before, so only a change of kind is announced. */
  async setRefreshFailure(em: EntityManager, kind: RefreshFailureKind, message: string): Promise<RefreshFailureKind | null> {
    const [row] = await em.execute<{ before: RefreshFailureKind | null }[]>(
      `with old as (select refresh_error_kind from kick_connection where id = 1)
       update kick_connection set refresh_error = ?, refresh_error_kind = ?, updated_at = now()
       where id = 1 returning (select refresh_error_kind from old) as before`,
      [message.slice(0, 300), kind],
    );
    return row?.before ?? null;
  }

  /**
   * Marks the connection as announced old once it was connected more than `days` ago; answers the row when this call
   * marked it (so one replica announces it once per connection), null otherwise.
   */
  async markAgeNotified(em: EntityManager, days: number): Promise<KickConnectionRow | null> {
    const [row] = await em.execute<KickConnectionRow[]>(
      `update kick_connection set age_notified_at = now()
       where id = 1 and age_notified_at is null and connected_at < now() - make_interval(days => ?)
       returning ${COLUMNS}`,
      [days],
    );
    return row ?? null;
  }

  async delete(em: EntityManager): Promise<KickConnectionRow | null> {
    const [row] = await em.execute<KickConnectionRow[]>(`delete from kick_connection where id = 1 returning ${COLUMNS}`);
    return row ?? null;
  }

  /** For the rekey: the sealed tokens, locked until the transaction ends. */
  async lockSealed(em: EntityManager): Promise<{ access_token_enc: string; refresh_token_enc: string | null } | null> {
    const [row] = await em.execute<{ access_token_enc: string; refresh_token_enc: string | null }[]>(
      'select access_token_enc, refresh_token_enc from kick_connection where id = 1 for update',
    );
    return row ?? null;
  }

  async setSealed(em: EntityManager, access: string, refresh: string | null): Promise<void> {
    await em.execute('update kick_connection set access_token_enc = ?, refresh_token_enc = ? where id = 1', [access, refresh]);
  }
}
