import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
/** Binds a ciphertext to its purpose: a secret sealed for another use (another `purpose`) does not open here. */
const DEFAULT_PURPOSE = 'leaderboard-credentials';

const toKey = (base64Key: string): Buffer => {
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
  return key;
};

/**
 * AES-256-GCM with the 32-byte SECRETS_KEY: `v1.<iv>.<tag>.<ciphertext>` in base64. During a key rotation
 * SECRETS_KEY_PREVIOUS still opens what the old key sealed, so replicas on either key keep working until
 * `npm run secrets:rekey` has re-sealed everything with the new one.
 */
export class SecretsCipher {
  private readonly key: Buffer;
  private readonly previous: Buffer | null;
  private readonly aad: Buffer;

  constructor(base64Key: string, previousBase64Key?: string, purpose = DEFAULT_PURPOSE) {
    this.key = toKey(base64Key);
    this.previous = previousBase64Key ? toKey(previousBase64Key) : null;
    this.aad = Buffer.from(`kickback:${purpose}`);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(this.aad);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
  }

  open(sealed: string): string {
    try {
      return this.openWith(this.key, sealed);
    } catch (err) {
      if (!this.previous) throw err;
      return this.openWith(this.previous, sealed);
    }
  }

  /** True when `sealed` opens with the current key (nothing to re-seal). */
  isCurrent(sealed: string): boolean {
    try {
      this.openWith(this.key, sealed);
      return true;
    } catch {
      return false;
    }
  }

  private openWith(key: Buffer, sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(this.aad);
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
