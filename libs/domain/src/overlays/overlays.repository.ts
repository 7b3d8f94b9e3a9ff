import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OverlayKind } from '@kickback/contracts';
import { isoOrNull } from '@kickback/platform';

interface TokenRow {
  kind: OverlayKind;
  issued_at: Date;
  revoked_at: Date | null;
  active: boolean;
  url_kept: boolean;
}

/** A kind's token state as the admin list shows it. */
export interface OverlayTokenState {
  kind: OverlayKind;
  active: boolean;
  issued_at: string;
  revoked_at: string | null;
  url_kept: boolean;
}

/**
 * The overlay tokens' SQL (table overlay_tokens: one row per kind, the token's SHA-256, which admits an overlay, and
 * a sealed copy, which only the admin route opens to show the URL again).
 */
@Injectable()
export class OverlaysRepository {
  async list(em: EntityManager): Promise<Map<OverlayKind, OverlayTokenState>> {
    const rows = await em.execute<TokenRow[]>(
      `select kind, issued_at, revoked_at, token_hash is not null as active, token_sealed is not null as url_kept from overlay_tokens`,
    );
    return new Map(
      rows.map((r) => [
        r.kind,
        {
          kind: r.kind,
          active: r.active,
          issued_at: new Date(r.issued_at).toISOString(),
          revoked_at: isoOrNull(r.revoked_at),
          url_kept: r.url_kept,
        },
      ]),
    );
  }

  /** Replaces the kind's token (the old hash stops matching in the same statement). */
  async issue(em: EntityManager, kind: OverlayKind, tokenHash: string, sealed: string): Promise<void> {
    await em.execute(
      `insert into overlay_tokens (kind, token_hash, token_sealed, issued_at, revoked_at) values (?, ?, ?, now(), null)
       on conflict (kind) do update set token_hash = excluded.token_hash, token_sealed = excluded.token_sealed, issued_at = now(), revoked_at = null`,
      [kind, tokenHash, sealed],
    );
  }

  /** Answers whether a live token was revoked; its kept copy goes with it. */
  async revoke(em: EntityManager, kind: OverlayKind): Promise<boolean> {
    const rows = await em.execute<{ kind: string }[]>(
      `update overlay_tokens set token_hash = null, token_sealed = null, revoked_at = now()
       where kind = ? and token_hash is not null returning kind`,
      [kind],
    );
    return rows.length > 0;
  }

  async matches(em: EntityManager, kind: OverlayKind, tokenHash: string): Promise<boolean> {
    const rows = await em.execute('select 1 from overlay_tokens where kind = ? and token_hash = ?', [kind, tokenHash]);
    return rows.length > 0;
  }

  /** The sealed copy of the kind's live token; null when none is live or it was issued before copies were kept. */
  async sealed(em: EntityManager, kind: OverlayKind): Promise<string | null> {
    const [row] = await em.execute<{ token_sealed: string | null }[]>('select token_sealed from overlay_tokens where kind = ?', [kind]);
    return row?.token_sealed ?? null;
  }

  /** Every kept copy, locked for a key rotation. */
  async lockSealed(em: EntityManager): Promise<{ kind: OverlayKind; token_sealed: string }[]> {
    return em.execute('select kind, token_sealed from overlay_tokens where token_sealed is not null order by kind for update');
  }

  async setSealed(em: EntityManager, kind: OverlayKind, sealed: string): Promise<void> {
    await em.execute('update overlay_tokens set token_sealed = ? where kind = ?', [sealed, kind]);
  }
}
