import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminOverlayToken, OverlayKind } from '@kickback/contracts';

interface TokenRow {
  kind: OverlayKind;
  issued_at: Date;
  revoked_at: Date | null;
  active: boolean;
}

/** The overlay tokens' SQL (table overlay_tokens: one row per kind, the token's SHA-256 only). */
@Injectable()
export class OverlaysRepository {
  async list(em: EntityManager): Promise<Map<OverlayKind, AdminOverlayToken>> {
    const rows = await em.execute<TokenRow[]>('select kind, issued_at, revoked_at, token_hash is not null as active from overlay_tokens');
    return new Map(
      rows.map((r) => [
        r.kind,
        {
          kind: r.kind,
          active: r.active,
          issued_at: new Date(r.issued_at).toISOString(),
          revoked_at: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
        },
      ]),
    );
  }

  /** Replaces the kind's token (the old hash stops matching in the same statement). */
  async issue(em: EntityManager, kind: OverlayKind, tokenHash: string): Promise<void> {
    await em.execute(
      `insert into overlay_tokens (kind, token_hash, issued_at, revoked_at) values (?, ?, now(), null)
       on conflict (kind) do update set token_hash = excluded.token_hash, issued_at = now(), revoked_at = null`,
      [kind, tokenHash],
    );
  }

  /** Answers whether a live token was revoked. */
  async revoke(em: EntityManager, kind: OverlayKind): Promise<boolean> {
    const rows = await em.execute<{ kind: string }[]>(
      'update overlay_tokens set token_hash = null, revoked_at = now() where kind = ? and token_hash is not null returning kind',
      [kind],
    );
    return rows.length > 0;
  }

  async matches(em: EntityManager, kind: OverlayKind, tokenHash: string): Promise<boolean> {
    const rows = await em.execute('select 1 from overlay_tokens where kind = ? and token_hash = ?', [kind, tokenHash]);
    return rows.length > 0;
  }
}
