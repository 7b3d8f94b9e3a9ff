import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  READ_API_MAX_ACTIVE_TOKENS,
  type AdminReadApiToken,
  type CreatedReadApiToken,
  type ReadApiScope,
  type ReadApiTokenCreate,
} from '@kickback/contracts';
import { AuditLogService, conflict, notFound, isoOrNull } from '@kickback/platform';
import { ReadApiTokensRepository, type TokenRow } from './read-api-tokens.repository';

/** `kbr_` and 32 random bytes, base64url: recognisable in a config file, unguessable. */
const TOKEN_PATTERN = /^kbr_[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Tokens of the read API (docs/read-api.md): created by an admin with scopes, shown once, stored as SHA-256 only,
 * revocable. A token reads the public data of its scopes and nothing else; it is no login and opens no session.
 */
@Injectable()
export class ReadApiTokensService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: ReadApiTokensRepository,
    private readonly audit: AuditLogService,
  ) {}

  async list(): Promise<AdminReadApiToken[]> {
    return (await this.repository.list(this.em.fork())).map(toAdminToken);
  }

  async create(actorId: number, input: ReadApiTokenCreate): Promise<CreatedReadApiToken> {
    const token = `kbr_${randomBytes(32).toString('base64url')}`;
    const row = await this.audit.audited({ actorId, action: 'read-api.token.create', entity: 'read_api_token' }, async (tx) => {
      // Serialises creations, so the cap holds under concurrent requests.
      await this.repository.lockCreations(tx);
      if ((await this.repository.activeCount(tx)) >= READ_API_MAX_ACTIVE_TOKENS) {
        throw conflict(`At most ${READ_API_MAX_ACTIVE_TOKENS} active tokens: revoke one you no longer use first.`);
      }
      const created = await this.repository.insert(tx, {
        name: input.name,
        sha256: hashOf(token),
        prefix: token.slice(0, 8),
        scopes: input.scopes,
        actorId,
      });
      return { entityId: created.id, after: { name: input.name, scopes: input.scopes }, answer: created };
    });
    return { ...toAdminToken(row), token };
  }

  async revoke(actorId: number, id: number): Promise<AdminReadApiToken> {
    return this.audit.audited({ actorId, action: 'read-api.token.revoke', entity: 'read_api_token' }, async (tx) => {
      const row = await this.repository.revoke(tx, id, actorId);
      if (!row) throw notFound('No active token with this id.');
      return { entityId: id, before: { name: row.name, scopes: row.scopes }, answer: toAdminToken(row) };
    });
  }

  /** The active token's id and scopes, or null for a malformed, unknown or revoked token. */
  async authenticate(token: string): Promise<{ id: number; scopes: ReadApiScope[] } | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    return this.repository.use(this.em.fork(), hashOf(token));
  }
}

const toAdminToken = (r: TokenRow): AdminReadApiToken => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes,
  prefix: r.prefix,
  created_by: r.created_by,
  created_at: new Date(r.created_at).toISOString(),
  last_used_at: isoOrNull(r.last_used_at),
  revoked_at: isoOrNull(r.revoked_at),
});
