import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@kickback/platform';
import { kickRequest } from './kick-request';

/** A failed verification may refetch the key at most this often, so forged deliveries cannot hammer Kick. */
const REFRESH_AFTER_FAILURE_MS = 60_000;

/**
 * Kick's webhook public key (GET {KICK_API_URL}/public/v1/public-key), fetched once and cached. A signature that does
 * not verify triggers one refetch (Kick may have rotated the key), at most once a minute per process. While the
 * endpoint fails (it has answered 403 before), the key Kick prints in its docs (KICK_PUBLIC_KEY) verifies instead;
 * once a fetch answers, only the fetched key counts, so a rotation retires the printed one.
 */
@Injectable()
export class KickPublicKeyService {
  private readonly logger = new Logger(KickPublicKeyService.name);
  private key: KeyObject | null = null;
  private loading: Promise<KeyObject | null> | null = null;
  private lastRefreshAt = 0;
  /** Whether the last fetch failed (or none answered yet): only then does the documented key verify. */
  private fetchFailing = true;
  private readonly fallback: KeyObject | null;

  constructor(private readonly config: AppConfig) {
    this.fallback = this.documentedKey();
  }

  /** RSA PKCS#1 v1.5 with SHA-256 over `messageId.timestamp.rawBody`, signature in base64. */
  async verify(messageId: string, timestamp: string, rawBody: Buffer, signature: string): Promise<boolean> {
    const key = this.key ?? (await this.refreshed());
    if (key && this.check(key, messageId, timestamp, rawBody, signature)) return true;
    const fresh = await this.refreshed();
    if (fresh && fresh !== key && this.check(fresh, messageId, timestamp, rawBody, signature)) return true;
    return this.fetchFailing && !!this.fallback && this.check(this.fallback, messageId, timestamp, rawBody, signature);
  }

  /**
   * The key after a refetch: the one already under way (the first deliveries after a start arrive together and all
   * wait for it), a new one when the minute allows, else none.
   */
  private refreshed(): Promise<KeyObject | null> {
    return this.loading ?? (this.mayRefresh() ? this.load() : Promise.resolve(null));
  }

  /** Whether a failure may refetch the key now (never more than once a minute, also while Kick is unreachable). */
  private mayRefresh(): boolean {
    return Date.now() - this.lastRefreshAt >= REFRESH_AFTER_FAILURE_MS;
  }

  private check(key: KeyObject, messageId: string, timestamp: string, rawBody: Buffer, signature: string): boolean {
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${messageId}.${timestamp}.`);
    verifier.update(rawBody);
    try {
      return verifier.verify(key, signature, 'base64');
    } catch {
      return false;
    }
  }

  private load(): Promise<KeyObject | null> {
    this.loading ??= this.fetchKey().finally(() => (this.loading = null));
    return this.loading;
  }

  private async fetchKey(): Promise<KeyObject | null> {
    this.lastRefreshAt = Date.now();
    try {
      const res = await kickRequest(new URL('/public/v1/public-key', this.config.env.KICK_API_URL), { retries: 2, timeoutMs: 5000 });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new Error(`Kick public key: HTTP ${res.status}`);
      }
      const body = (await res.json()) as { data?: { public_key?: unknown } };
      if (typeof body.data?.public_key !== 'string') throw new Error('Kick public key: no data.public_key');
      this.key = createPublicKey(body.data.public_key);
      this.fetchFailing = false;
      return this.key;
    } catch (err) {
      this.fetchFailing = true;
      this.logger.warn({ err }, 'could not load the Kick webhook public key; the documented key verifies meanwhile');
      return this.key;
    }
  }

  private documentedKey(): KeyObject | null {
    const pem = this.config.env.KICK_PUBLIC_KEY;
    if (!pem) return null;
    try {
      return createPublicKey(pem);
    } catch (err) {
      this.logger.error({ err }, 'KICK_PUBLIC_KEY is not a readable public key; no fallback key');
      return null;
    }
  }
}
