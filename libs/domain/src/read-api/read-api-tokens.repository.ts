import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReadApiScope } from '@kickback/contracts';

export interface TokenRow {
  id: number;
  name: string;
  scopes: ReadApiScope[];
  prefix: string;
  created_by: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const TOKEN_SELECT = `
  select t.id, t.name, t.scopes, t.prefix, u.username as created_by, t.created_at, t.last_used_at, t.revoked_at
  from read_api_tokens t left join users u on u.id = t.created_by`;

@Injectable()
export class ReadApiTokensRepository {
  list(em: EntityManager): Promise<TokenRow[]> {
    return em.execute<TokenRow[]>(`${TOKEN_SELECT} order by t.revoked_at is not null, t.id desc`);
  }

  /** Holds every other token creation until this transaction ends. */
  async lockCreations(em: EntityManager): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtextextended('read-api-tokens', 0))`);
  }

  async activeCount(em: EntityManager): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>('select count(*)::int as n from read_api_tokens where revoked_at is null');
    return row!.n;
  }

  async insert(
    em: EntityManager,
    token: { name: string; sha256: string; prefix: string; scopes: ReadApiScope[]; actorId: number },
  ): Promise<TokenRow> {
    const [{ id }] = await em.execute<{ id: number }[]>(
      `insert into read_api_tokens (name, token_sha256, prefix, scopes, created_by) values (?, ?, ?, ?::text[], ?) returning id`,
      [token.name, token.sha256, token.prefix, `{${token.scopes.join(',')}}`, token.actorId],
    );
    const [row] = await em.execute<TokenRow[]>(`${TOKEN_SELECT} where t.id = ?`, [id]);
    return row!;
  }

  /** Revokes an active token; false when there is no such active token. */
  async revoke(em: EntityManager, id: number, actorId: number): Promise<TokenRow | null> {
    const [row] = await em.execute<{ id: number }[]>(
      'update read_api_tokens set revoked_at = now(), revoked_by = ? where id = ? and revoked_at is null returning id',
      [actorId, id],
    );
    if (!row) return null;
    const [revoked] = await em.execute<TokenRow[]>(`${TOKEN_SELECT} where t.id = ?`, [id]);
    return revoked!;
  }

  /** The active token with this hash, its use recorded (at most once a minute, so reads stay reads). */
  async use(em: EntityManager, sha256: string): Promise<{ id: number; scopes: ReadApiScope[] } | null> {
    const [row] = await em.execute<{ id: number; scopes: ReadApiScope[]; stale: boolean }[]>(
      `select id, scopes, (last_used_at is null or last_used_at < now() - interval '1 minute') as stale
       from read_api_tokens where token_sha256 = ? and revoked_at is null`,
      [sha256],
    );
    if (!row) return null;
    if (row.stale) await em.execute('update read_api_tokens set last_used_at = now() where id = ?', [row.id]);
    return { id: row.id, scopes: row.scopes };
  }
}
