import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OVERLAY_KINDS, isOverlayKind, overlayRoom, type AdminOverlayToken, type OverlayKind } from '@kickback/contracts';
import { AuditLogService, RealtimeEmitter, notFound } from '@kickback/platform';
import { OverlaysRepository } from './overlays.repository';

/** 32 random bytes, base64url: what goes into the overlay URL. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Tokens of the OBS overlays, one per kind: issued (or rotated) and revoked by admins, stored as SHA-256 only.
 * A token opens its overlay's page and lets that page's socket join its kind's public rooms; it is accepted
 * nowhere else (no API route reads it). Rotating or revoking disconnects the overlays of that kind at once.
 */
@Injectable()
export class OverlayTokensService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: OverlaysRepository,
    private readonly audit: AuditLogService,
    private readonly realtime: RealtimeEmitter,
  ) {}

  async list(): Promise<AdminOverlayToken[]> {
    const known = await this.repository.list(this.em.fork());
    return OVERLAY_KINDS.map((kind) => known.get(kind) ?? { kind, active: false, issued_at: null, revoked_at: null });
  }

  /** A new token for the kind; the previous one stops working. Answers the token once: only its hash is kept. */
  async issue(actorId: number, kind: OverlayKind): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.em.fork().transactional(async (tx) => {
      await this.repository.issue(tx, kind, hashOf(token));
      await this.audit.record(tx, {
        actorId,
        action: 'overlay.token.issue',
        entity: 'overlay',
        entityId: kind,
        before: null,
        after: { kind },
      });
    });
    this.realtime.disconnectRoom(overlayRoom(kind));
    return token;
  }

  async revoke(actorId: number, kind: OverlayKind): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      if (!(await this.repository.revoke(tx, kind))) throw notFound('This overlay has no active token.');
      await this.audit.record(tx, {
        actorId,
        action: 'overlay.token.revoke',
        entity: 'overlay',
        entityId: kind,
        before: { kind },
        after: null,
      });
    });
    this.realtime.disconnectRoom(overlayRoom(kind));
  }

  /** Whether `token` is the live token of `kind`; anything malformed is simply no. */
  async verify(kind: unknown, token: unknown): Promise<OverlayKind | null> {
    if (!isOverlayKind(kind) || typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
    return (await this.repository.matches(this.em.fork(), kind, hashOf(token))) ? kind : null;
  }
}
