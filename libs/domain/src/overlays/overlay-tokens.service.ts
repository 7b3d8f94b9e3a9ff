import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OVERLAY_KINDS, isOverlayKind, overlayRoom, type AdminOverlayToken, type OverlayKind } from '@kickback/contracts';
import { AuditLogService, RealtimeEmitter, notFound } from '@kickback/platform';
import { OverlaysRepository } from './overlays.repository';
import { OverlaySettingsService } from './overlay-settings.service';
import { OverlayTokenCipher } from './overlay-token-cipher';

/** 32 random bytes, base64url: what goes into the overlay URL. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Tokens of the OBS overlays, one per kind: issued (or rotated) and revoked by admins. A token is checked by its
 * SHA-256; it opens its overlay's page and lets that page's socket join its kind's public rooms, and is accepted
 * nowhere else. A sealed copy lets admins see the URL again, so getting it once more never breaks the source already
 * in OBS. Rotating or revoking disconnects the overlays of that kind at once.
 */
@Injectable()
export class OverlayTokensService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: OverlaysRepository,
    private readonly audit: AuditLogService,
    private readonly realtime: RealtimeEmitter,
    private readonly settings: OverlaySettingsService,
    private readonly cipher: OverlayTokenCipher,
  ) {}

  async list(): Promise<AdminOverlayToken[]> {
    const [known, settings] = await Promise.all([this.repository.list(this.em.fork()), this.settings.all()]);
    return OVERLAY_KINDS.map((kind) => ({
      ...(known.get(kind) ?? { kind, active: false, issued_at: null, revoked_at: null, url_kept: false }),
      settings: settings[kind],
    }));
  }

  /** A new token for the kind; the previous one stops working. */
  async issue(actorId: number, kind: OverlayKind): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.audit.audited({ actorId, action: 'overlay.token.issue', entity: 'overlay' }, async (tx) => {
      await this.repository.issue(tx, kind, hashOf(token), this.cipher.seal(token));
      return { entityId: kind, before: null, after: { kind } };
    });
    this.realtime.disconnectRoom(overlayRoom(kind));
    return token;
  }

  /** The kind's live token, for an admin to see and copy its URL again (audited: a URL opens the overlay to anyone). */
  async current(actorId: number, kind: OverlayKind): Promise<string> {
    return this.em.fork().transactional(async (tx) => {
      const sealed = await this.repository.sealed(tx, kind);
      if (!sealed)
        throw notFound('This overlay has no URL that can be shown: generate one (or rotate a URL issued before URLs were kept).');
      await this.audit.record(tx, { actorId, action: 'overlay.token.view', entity: 'overlay', entityId: kind, before: null, after: null });
      return this.cipher.open(sealed);
    });
  }

  async revoke(actorId: number, kind: OverlayKind): Promise<void> {
    await this.audit.audited({ actorId, action: 'overlay.token.revoke', entity: 'overlay' }, async (tx) => {
      if (!(await this.repository.revoke(tx, kind))) throw notFound('This overlay has no active token.');
      return { entityId: kind, before: { kind }, after: null };
    });
    this.realtime.disconnectRoom(overlayRoom(kind));
  }

  /** Whether `token` is the live token of `kind`; anything malformed is simply no. */
  async verify(kind: unknown, token: unknown): Promise<OverlayKind | null> {
    if (!isOverlayKind(kind) || typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
    return (await this.repository.matches(this.em.fork(), kind, hashOf(token))) ? kind : null;
  }
}
