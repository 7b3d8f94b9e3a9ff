import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { FakeKickServer } from '../../libs/testing/src/fakes/fake-kick.server';

/** Where the run's Kick signing key travels from Playwright's main process to its workers. */
const KEY_ENV = 'E2E_KICK_SIGNING_KEY';

/**
 * Called by playwright.config.ts, which the main process loads before it starts the workers (they inherit its
 * environment) and each worker loads again (the key is kept, not replaced).
 */
export function ensureRunSigningKey(): void {
  process.env[KEY_ENV] ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
}

/**
 * A fake Kick for this worker's server (KICK_API_URL and KICK_AUTH_URL at its port + 20000). Kick signs every webhook
 * with one key, and the product caches it and refetches at most once a minute after a failed check; so every spec's
 * fake signs with the run's one key, as Kick would, instead of a pair of its own that would be refused for a minute.
 */
export function fakeKick(): FakeKickServer {
  const pem = process.env[KEY_ENV];
  if (!pem) throw new Error(`${KEY_ENV} is not set: run browser tests through playwright.config.ts`);
  return new FakeKickServer('kickback-local', 'kickback-local-secret', { signingKey: createPrivateKey(pem) });
}
